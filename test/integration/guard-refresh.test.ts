/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// The guard's refresh against the local identity service with refresh-token rotation on and no
// grace period (the strictest app client Cognito allows), and, where redis-server is installed,
// several instances sharing one Redis. Only Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest, NextResponse } from 'next/server';
import { CLIENT_ID } from '@/local/identity/config';
import type { IdentityServer } from '@/local/identity/server';
import { withEnv } from '@/test/env';
import { freePort, RedisServer, redisInstalled } from '@/test/redis-server';
import { localAt, outboxAt, withIdentityPool } from './harness';

/** Two pools, one rotating refresh tokens with no grace period, one not; `server` is the one in use. */
const rotatingPool = withIdentityPool({
  name: 'guard-refresh-rotating',
  settings: { refreshTokenRotation: true, refreshTokenGraceSeconds: 0 },
});
const plainPool = withIdentityPool({ name: 'guard-refresh-plain', settings: {} });
let rotating: IdentityServer;
let plain: IdentityServer;
let server: IdentityServer;
/** The app's identity endpoint: forwards to whichever pool `server` is. */
let front: http.Server;
let redis: RedisServer | undefined;
let guard: typeof import('@/lib/session/refresh');
let once: typeof import('@/lib/session/refresh-once');
let session: typeof import('@/lib/session');
let seal: typeof import('@/lib/session/seal');
let cognito: typeof import('@/lib/cognito');
let env: typeof import('@/lib/runtime/env');

const setEnv = withEnv();

beforeAll(async () => {
  rotating = rotatingPool.server;
  plain = plainPool.server;
  server = rotating;
  front = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  if (redisInstalled) {
    redis = new RedisServer(await freePort());
    await redis.start();
  }
  setEnv({
    REDIS_URL: redis ? `redis://127.0.0.1:${redis.port}` : undefined,
    LOCAL_IDENTITY_PORT: String((front.address() as AddressInfo).port),
    // Both pools run the template's confidential client, with the one secret.
    COGNITO_CLIENT_SECRET: rotatingPool.clientSecret,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  guard = await import('@/lib/session/refresh');
  once = await import('@/lib/session/refresh-once');
  session = await import('@/lib/session');
  seal = await import('@/lib/session/seal');
  cognito = await import('@/lib/cognito');
  env = await import('@/lib/runtime/env');
});

afterAll(async () => {
  (await import('@/lib/upstream/redis')).closeSharedRedis();
  front.close();
  await redis?.stop();
});

beforeEach(() => {
  once.forgetRefreshes();
  server = rotating;
});

const PASSWORD = 'Sunny!Day42';

// The pool in use, whichever it is.
const local = (route: string, body: object) => localAt(server.url, route, body);
const identity = (op: string, body: object) =>
  (server === rotating ? rotatingPool : plainPool).identity(op, body);

/**
 * A signed-in browser's cookies, with an access token that lives 30 s: inside the guard's refresh
 * margin, so every request refreshes, as at the moment a token expires.
 */
async function signedInCookies(accessTokenTtl = 30): Promise<Map<string, string>> {
  const email = `rotate.${randomBytes(4).toString('hex')}@creator.test`;
  await identity('SignUp', { ClientId: CLIENT_ID, Username: email, Password: PASSWORD });
  const codes = await outboxAt(server.url, email);
  await identity('ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: codes[0]!.code,
  });
  await local('/__local/users/token-ttl', { email, accessTokenTtl });
  const signedIn = await cognito.signIn(email, PASSWORD);
  if (!signedIn.ok || signedIn.value.type !== 'signed-in') throw new Error('sign-in failed');
  // As a sign-in does (lib/devices/index.ts): a device the pool tracks is confirmed, or its tokens
  // cannot be renewed (decision 034).
  const { newDevice, tokens } = signedIn.value;
  if (newDevice) {
    const confirmed = await cognito.confirmDevice(tokens.accessToken, newDevice, 'Chrome on Linux');
    if (!confirmed.ok) throw new Error('device not confirmed');
  }
  const jar = new Map<string, string>();
  await session.writeTokens({ set: (n, v) => void jar.set(n, v) }, signedIn.value.tokens);
  return jar;
}

function request(jar: Map<string, string>): NextRequest {
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  return new NextRequest('http://localhost:3000/', {
    headers: { cookie, 'sec-fetch-dest': 'empty' },
  });
}

/** The refresh token a response's refresh cookie holds ('' when the response clears it). */
async function refreshTokenSet(response: NextResponse): Promise<string | undefined> {
  const names = seal.cookieNames(env.getEnv());
  const value = response.cookies.get(names.refresh)?.value;
  if (value === undefined) return undefined;
  return (await seal.unsealAs('refresh', value, env.getEnv()))?.refreshToken ?? '';
}

async function refreshTokenOf(jar: Map<string, string>): Promise<string> {
  return (await storedRefresh(jar)).refreshToken;
}

/** The refresh cookie: the token, and the device it was issued to (the pool tracks devices). */
async function storedRefresh(jar: Map<string, string>) {
  const names = seal.cookieNames(env.getEnv());
  const stored = await seal.unsealAs('refresh', jar.get(names.refresh), env.getEnv());
  if (!stored) throw new Error('no refresh cookie');
  return stored;
}

describe('refresh-token rotation', () => {
  test('a rotated-out token is refused as reuse: why one refresh must serve every request', async () => {
    const { refreshToken: old, deviceKey } = await storedRefresh(await signedInCookies());
    const first = await cognito.refresh(old, deviceKey);
    expect(first.ok && first.value.refreshToken).toBeTruthy();
    expect(first.ok && first.value.refreshToken).not.toBe(old);
    const second = await cognito.refresh(old, deviceKey);
    expect(second).toMatchObject({
      ok: false,
      failure: { kind: 'session-invalid', name: 'RefreshTokenReuseException' },
    });
  });

  test('ten requests at expiry (a page and its fetches) all stay signed in, with one new refresh token', async () => {
    const jar = await signedInCookies();
    const old = await refreshTokenOf(jar);
    const auths = await Promise.all(
      Array.from({ length: 10 }, () => guard.authenticateRequest(request(jar))),
    );
    expect(auths.map((a) => a.signedIn)).toEqual(Array(10).fill(true));
    const written = await Promise.all(
      auths.map(async (auth) => {
        const response = NextResponse.next();
        auth.apply(response);
        return refreshTokenSet(response);
      }),
    );
    const successor = written[0];
    expect(successor).toBeTruthy();
    expect(successor).not.toBe(old);
    expect(new Set(written)).toEqual(new Set([successor]));

    // The browser now holds the successor: the next refresh takes it and rotates again.
    const next = new Map(jar);
    const response = NextResponse.next();
    const auth = await guard.authenticateRequest(request(jar));
    auth.apply(response);
    for (const c of response.cookies.getAll()) next.set(c.name, c.value);
    once.forgetRefreshes();
    const later = await guard.authenticateRequest(request(next));
    expect(later.signedIn).toBe(true);
  });

  (redisInstalled ? test : test.skip)(
    'instances sharing Redis hand each other the one refresh (two at once, one a little later)',
    async () => {
      const { refreshToken: old, deviceKey } = await storedRefresh(await signedInCookies());
      // Forgetting this process's answers between calls plays another instance.
      const a = once.refreshOnce(old, deviceKey);
      once.forgetRefreshes();
      const b = once.refreshOnce(old, deviceKey);
      const [ra, rb] = await Promise.all([a, b]);
      once.forgetRefreshes();
      const rc = await once.refreshOnce(old, deviceKey);
      for (const r of [ra, rb, rc]) expect(r.ok).toBe(true);
      const tokens = [ra, rb, rc].map((r) => (r.ok ? r.value.refreshToken : undefined));
      expect(tokens[0]).not.toBe(old);
      expect(new Set(tokens).size).toBe(1);
    },
  );

  test('without rotation, the same refresh token at the next expiry gets a fresh access token, not the one handed on before', async () => {
    server = plain;
    const jar = await signedInCookies(2);
    const first = await guard.authenticateRequest(request(jar));
    expect(first.signedIn).toBe(true);
    const names = seal.cookieNames(env.getEnv());
    const accessOf = async (auth: typeof first) => {
      const response = NextResponse.next();
      auth.apply(response);
      const value = response.cookies.get(names.session)?.value;
      return (await seal.unsealAs('session', value, env.getEnv()))?.accessToken;
    };
    const before = await accessOf(first);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    const later = await guard.authenticateRequest(request(jar));
    expect(later.signedIn).toBe(true);
    const after = await accessOf(later);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });

  test('with rotation, a late request with the spent token after the shared answer expired follows the successor', async () => {
    const jar = await signedInCookies(2);
    const first = await guard.authenticateRequest(request(jar));
    expect(first.signedIn).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    // Still the cookies from before the first refresh (a tab that had not seen its answer).
    const late = await guard.authenticateRequest(request(jar));
    expect(late.signedIn).toBe(true);
  });
});

describe('answers shared through Redis', () => {
  (redisInstalled ? test : test.skip)(
    "an answer moved to another token's key is not taken: each session gets its own account's tokens",
    async () => {
      const { createHash } = await import('node:crypto');
      const { sharedRedis } = await import('@/lib/upstream/redis');
      const keyOf = (t: string) => createHash('sha256').update(t).digest('base64url');
      const mine = await storedRefresh(await signedInCookies());
      const theirs = await storedRefresh(await signedInCookies());
      const first = await once.refreshOnce(theirs.refreshToken, theirs.deviceKey);
      if (!first.ok) throw new Error('refresh failed');
      // Their shared answer, copied under the key of my token (a store mixed up).
      const client = sharedRedis()!.client;
      const value = await client.get(`refreshed:${keyOf(theirs.refreshToken)}`);
      expect(value).toBeTruthy();
      await client.set(`refreshed:${keyOf(mine.refreshToken)}`, value!, 'PX', 60_000);
      once.forgetRefreshes();
      const answer = await once.refreshOnce(mine.refreshToken, mine.deviceKey);
      expect(answer.ok).toBe(true);
      expect(answer.ok && answer.value.claims.sub).not.toBe(first.value.claims.sub);
    },
  );
});
