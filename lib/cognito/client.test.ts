import { createHmac } from 'node:crypto';
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
    const { parseEnv } = await import('@/lib/env');
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
