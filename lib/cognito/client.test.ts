import { createHmac } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { retryDelay, secretHash } from './client';

describe('retryDelay (docs/product.md §9: 100 ms base, doubling, jitter, 5 s cap)', () => {
  it('stays within [ceiling/2, ceiling] and doubles', () => {
    expect(retryDelay(0, () => 0)).toBe(50);
    expect(retryDelay(0, () => 1)).toBe(100);
    expect(retryDelay(1, () => 1)).toBe(200);
    expect(retryDelay(3, () => 1)).toBe(800);
  });
  it('never exceeds 5 s', () => {
    expect(retryDelay(10, () => 1)).toBe(5000);
    expect(retryDelay(30, () => 0.5)).toBeLessThanOrEqual(5000);
  });
});

describe('secretHash', () => {
  it('is absent for a public client', () => {
    expect(
      secretHash('a@b.co', { COGNITO_CLIENT_ID: 'c', COGNITO_CLIENT_SECRET: undefined }),
    ).toBeUndefined();
  });
  it('is HMAC-SHA256(secret, username + clientId) in base64', () => {
    const expected = createHmac('sha256', 's3cret').update('a@b.cocid').digest('base64');
    expect(
      secretHash('a@b.co', { COGNITO_CLIENT_ID: 'cid', COGNITO_CLIENT_SECRET: 's3cret' }),
    ).toBe(expected);
  });
});

describe('a throttled call (TooManyRequestsException)', () => {
  it('is tried three times in all, with the backoff between, before the caller hears of it', async () => {
    const http = await import('node:http');
    const { parseEnv } = await import('@/lib/runtime/env');
    const { createCognitoClient } = await import('./client');
    const { InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const at: number[] = [];
    const server = http.createServer((req, res) => {
      at.push(Date.now());
      req.resume();
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as import('node:net').AddressInfo;
      const client = createCognitoClient(parseEnv({ LOCAL_IDENTITY_PORT: String(port) }));
      const call = client.send(
        new InitiateAuthCommand({
          ClientId: 'c',
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: 'a@b.co', PASSWORD: 'x' },
        }),
      );
      await expect(call).rejects.toMatchObject({ name: 'TooManyRequestsException' });
      expect(at).toHaveLength(3);
      // At least half of each ceiling: 100 ms, then 200 ms (retryDelay above).
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(45);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95);
    } finally {
      server.close();
    }
  });
});

describe('an identity service that stops answering', () => {
  type Http = typeof import('node:http');
  /** A server on 127.0.0.1 that counts requests and answers as `answer` says. */
  async function upstream(
    answer: (
      req: import('node:http').IncomingMessage,
      res: import('node:http').ServerResponse,
    ) => void,
  ) {
    const http: Http = await import('node:http');
    let requests = 0;
    const server = http.createServer((req, res) => {
      requests++;
      req.resume();
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;
    return {
      port,
      requests: () => requests,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }
  const silent = () => undefined;
  const getUser = async () => {
    const { GetUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    return new GetUserCommand({ AccessToken: 'token' });
  };
  const envFor = async (port: number, timeout = 300) => {
    const { parseEnv } = await import('@/lib/runtime/env');
    return parseEnv({ LOCAL_IDENTITY_PORT: String(port), UPSTREAM_TIMEOUT_MS: String(timeout) });
  };
  const timed = async (call: Promise<unknown>) => {
    const started = Date.now();
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    return { error, ms: Date.now() - started };
  };

  it('a call with no answer fails within UPSTREAM_TIMEOUT_MS, retries included, as Network Error', async () => {
    const { createCognitoClient } = await import('./client');
    const { toAuthFailure } = await import('./errors');
    const server = await upstream(silent);
    try {
      const client = createCognitoClient(await envFor(server.port));
      const { error, ms } = await timed(client.send(await getUser()));
      expect(ms).toBeGreaterThanOrEqual(280);
      // Not 3 × 300 ms: the deadline is the call's, retries included.
      expect(ms).toBeLessThan(800);
      expect(toAuthFailure(error, 'refresh', 'help@x.co')).toMatchObject({
        kind: 'unavailable',
        message: { text: 'Network Error' },
      });
    } finally {
      server.close();
    }
  });

  it('an answer whose body stalls after its headers fails within the timeout too', async () => {
    const { createCognitoClient } = await import('./client');
    const server = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.write('{"Username":');
    });
    try {
      const client = createCognitoClient(await envFor(server.port));
      const { error, ms } = await timed(client.send(await getUser()));
      expect(error).toBeInstanceOf(Error);
      expect(ms).toBeLessThan(800);
    } finally {
      server.close();
    }
  });

  it('after five calls without an answer, the next is refused at once without calling', async () => {
    const { createAdminClient } = await import('./admin');
    const { toAuthFailure } = await import('./errors');
    const server = await upstream(silent);
    try {
      const client = createAdminClient(await envFor(server.port));
      for (let i = 0; i < 5; i++) await timed(client.send(await getUser()));
      const before = server.requests();
      const { error, ms } = await timed(client.send(await getUser()));
      expect(ms).toBeLessThan(200);
      expect(server.requests()).toBe(before);
      expect(toAuthFailure(error, 'refresh', 'help@x.co')).toMatchObject({
        kind: 'unavailable',
        message: { text: 'Network Error' },
      });
    } finally {
      server.close();
    }
  });

  it('a signal of the caller’s own ends the call, and is no longer listened to once it settles', async () => {
    const { createCognitoClient } = await import('./client');
    const server = await upstream(silent);
    try {
      const client = createCognitoClient(await envFor(server.port, 5000));
      const own = new AbortController();
      setTimeout(() => own.abort(), 100);
      const { error, ms } = await timed(client.send(await getUser(), { abortSignal: own.signal }));
      expect(error).toMatchObject({ name: 'AbortError' });
      expect(ms).toBeLessThan(1000);
      expect(getEventListeners(own.signal, 'abort')).toHaveLength(0);
    } finally {
      server.close();
    }
  });

  it('a throttled service is still called: throttling is an answer, not silence', async () => {
    const { createCognitoClient } = await import('./client');
    const server = await upstream((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests' }));
    });
    try {
      // Long enough for the three attempts and their backoff.
      const client = createCognitoClient(await envFor(server.port, 3000));
      for (let i = 0; i < 6; i++) {
        const { error } = await timed(client.send(await getUser()));
        expect(error).toMatchObject({ name: 'TooManyRequestsException' });
      }
      expect(server.requests()).toBe(18);
    } finally {
      server.close();
    }
  });
});
