/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Decision 054: past this second's share of Cognito's UserResourceUpdate quota (here none at
// all), a sign-in does not confirm its new device; the guard confirms it before the tokens are
// renewed, which Cognito does only for a confirmed device, and the creator stays signed in. Only
// Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { NextRequest, NextResponse } from 'next/server';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({
  creators: true,
  env: { DEVICE_CONFIRMS_PER_SECOND: '0' },
});

let auth: typeof import('@/lib/auth/sign-in');
let guard: typeof import('@/lib/session/refresh');
let seal: typeof import('@/lib/session/seal');
let held: typeof import('@/lib/devices/browser');
let cognito: typeof import('@/lib/cognito');
let env: typeof import('@/lib/runtime/env');

beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  guard = await import('@/lib/session/refresh');
  seal = await import('@/lib/session/seal');
  held = await import('@/lib/devices/browser');
  cognito = await import('@/lib/cognito');
  env = await import('@/lib/runtime/env');
});

/** A confirmed account with a creator record, its access token living `ttl` seconds. */
async function account(ttl?: number) {
  const email = `quota.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  if (ttl !== undefined)
    await fetch(`${pool.server.url}/__local/users/token-ttl`, {
      method: 'POST',
      body: JSON.stringify({ email, accessTokenTtl: ttl }),
    });
  return email;
}

const signIn = (email: string) => formSignIn(auth.signInAction, email, PASSWORD);

/** One request through the guard with the browser's cookies; the answer's cookies kept. */
async function visit() {
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const auth = await guard.authenticateRequest(
    new NextRequest('http://localhost:3000/', {
      headers: {
        cookie,
        'sec-fetch-dest': 'document',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      },
    }),
  );
  const response = NextResponse.next();
  auth.apply(response);
  for (const c of response.cookies.getAll())
    if (c.value) jar.set(c.name, c.value);
    else jar.delete(c.name);
  return auth.signedIn;
}

const names = () => seal.cookieNames(env.getEnv());
const stored = async () => seal.unsealAs('refresh', jar.get(names().refresh), env.getEnv());

test('a sign-in past the quota signs in and leaves its device to wait, unconfirmed', async () => {
  const email = await account();
  expect(await signIn(email)).toBe('/');
  expect(jar.has(names().deviceDue)).toBe(true);
  expect(jar.has(names().device)).toBe(false);
  // Unconfirmed, the device cannot renew the tokens yet (decision 034): why the guard must.
  const { refreshToken, deviceKey } = (await stored())!;
  expect(deviceKey).toBeTruthy();
  const early = await cognito.refresh(refreshToken, deviceKey);
  expect(!early.ok && early.failure.name).toBe('NotAuthorizedException');
  // Far from the renewal, with no share of the quota, the device keeps waiting.
  expect(await visit()).toBe(true);
  expect(jar.has(names().deviceDue)).toBe(true);
});

test('before the tokens are renewed the guard confirms the waiting device, and the creator stays in', async () => {
  const email = await account(30);
  expect(await signIn(email)).toBe('/');
  const before = (await stored())!.refreshToken;
  expect(await visit()).toBe(true);
  // Confirmed into the browser's device cookie, the wait over, the tokens renewed.
  expect(jar.has(names().deviceDue)).toBe(false);
  const [device] = await held.readDevices(jar.get(names().device), env.getEnv());
  expect(device).toMatchObject({ email, key: (await stored())!.deviceKey });
  expect((await stored())!.refreshToken).not.toBe(before);
  const session = await seal.unsealAs('session', jar.get(names().session), env.getEnv());
  const listed = await cognito.listDevices(session!.accessToken);
  expect(listed.ok && listed.value.devices).toEqual([
    expect.objectContaining({ key: device!.key, name: 'Firefox on Linux' }),
  ]);
});

test("a token that could expire before the idle rule's next request: the guard confirms at once, whatever the share", async () => {
  // 25 minutes left, under the 30 minutes a creator may be away: waiting longer could find the
  // token expired and the device past confirming.
  const email = await account(25 * 60);
  expect(await signIn(email)).toBe('/');
  const before = (await stored())!.refreshToken;
  expect(await visit()).toBe(true);
  expect(jar.has(names().deviceDue)).toBe(false);
  expect(await held.readDevices(jar.get(names().device), env.getEnv())).toEqual([
    expect.objectContaining({ email }),
  ]);
  // Not renewed yet: it did not need to be.
  expect((await stored())!.refreshToken).toBe(before);
});

test('a page and its fetches at once, with a device waiting at renewal: all stay signed in, and the device is listed once', async () => {
  const email = await account(30);
  expect(await signIn(email)).toBe('/');
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const auths = await Promise.all(
    Array.from({ length: 5 }, () =>
      guard.authenticateRequest(
        new NextRequest('http://localhost:3000/', {
          headers: { cookie, 'sec-fetch-dest': 'empty' },
        }),
      ),
    ),
  );
  expect(auths.map((a) => a.signedIn)).toEqual(Array(5).fill(true));
  const response = NextResponse.next();
  auths[0]!.apply(response);
  const session = await seal.unsealAs(
    'session',
    response.cookies.get(names().session)?.value,
    env.getEnv(),
  );
  const listed = await cognito.listDevices(session!.accessToken);
  expect(listed.ok && listed.value.devices.length).toBe(1);
});
