/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Decision 055: past this second's share of Cognito's UserUpdate quota (here none at all), a
// first sign-in does not bind the channel; the session carries the creator record's id, the
// dashboard and its embed token work from it, and the guard binds it on a later request's share.
// Only Next's request APIs are stood in for.
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
import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import { POOL_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true, env: { CHANNEL_BINDS_PER_SECOND: '0' } });

let auth: typeof import('@/components/auth/actions');
let guard: typeof import('@/lib/session/refresh');
let seal: typeof import('@/lib/session/seal');
let env: typeof import('@/lib/runtime/env');
let embedToken: typeof import('@/app/api/embed-token/route');
let dashboard: typeof import('@/app/(dashboard)/page');
let ForcedSignOut: unknown;

beforeAll(async () => {
  auth = await import('@/components/auth/actions');
  guard = await import('@/lib/session/refresh');
  seal = await import('@/lib/session/seal');
  env = await import('@/lib/runtime/env');
  embedToken = await import('@/app/api/embed-token/route');
  dashboard = await import('@/app/(dashboard)/page');
  ({ ForcedSignOut } = await import('@/components/dashboard/forced-sign-out'));
});

/** A confirmed account with a creator record: its channel id. */
async function account() {
  const email = `bind.${randomBytes(4).toString('hex')}@creator.test`;
  return { email, channelId: await confirmedCreator(pool, email, PASSWORD) };
}

const signIn = (email: string) => formSignIn(auth.signInAction, email, PASSWORD);

/** The channel the pool holds for `email` (AdminGetUser). */
async function poolChannel(email: string) {
  const user = await pool.identity<{ UserAttributes: { Name: string; Value: string }[] }>(
    'AdminGetUser',
    { UserPoolId: POOL_ID, Username: email },
  );
  return user.UserAttributes.find((a) => a.Name === CHANNEL_ATTRIBUTE)?.Value;
}

/** One request through the guard with the browser's cookies; the answer's cookies kept. */
async function visit() {
  const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
  const auth = await guard.authenticateRequest(
    new NextRequest('http://localhost:3000/', {
      headers: { cookie, 'sec-fetch-dest': 'document' },
    }),
  );
  const response = NextResponse.next();
  auth.apply(response);
  for (const c of response.cookies.getAll())
    if (c.value) jar.set(c.name, c.value);
    else jar.delete(c.name);
  return auth.signedIn;
}

const waiting = async () =>
  seal.unsealAs('channelDue', jar.get(seal.cookieNames(env.getEnv()).channelDue), env.getEnv());
const share = (perSecond: number) => {
  (env.getEnv() as { CHANNEL_BINDS_PER_SECOND: number }).CHANNEL_BINDS_PER_SECOND = perSecond;
};

test('a first sign-in past the quota signs in unbound, and the embed token comes from the creator record', async () => {
  share(0);
  const { email, channelId } = await account();
  expect(await signIn(email)).toBe('/');
  expect(await poolChannel(email)).toBeUndefined();
  expect(await waiting()).toMatchObject({ channelId, username: expect.any(String) });
  // Through the guard with no share left: still signed in, still waiting.
  expect(await visit()).toBe(true);
  expect((await waiting())?.channelId).toBe(channelId);
  // The dashboard shows (GetUser has no channel yet) instead of signing the creator out.
  const page = await dashboard.default({ searchParams: Promise.resolve({}) });
  expect(page.type).not.toBe(ForcedSignOut);
  const answer = await embedToken.GET();
  expect(answer.status).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({
    sub: channelId,
  });
});

test("the guard binds the waiting channel on a request's share, and the session stops carrying it", async () => {
  share(0);
  const { email, channelId } = await account();
  expect(await signIn(email)).toBe('/');
  share(5);
  expect(await visit()).toBe(true);
  expect(await poolChannel(email)).toBe(channelId);
  expect(jar.has(seal.cookieNames(env.getEnv()).channelDue)).toBe(false);
  expect((await embedToken.GET()).status).toBe(200);
});

test('within the share, a first sign-in binds at once and carries nothing', async () => {
  share(5);
  const { email, channelId } = await account();
  expect(await signIn(email)).toBe('/');
  expect(await poolChannel(email)).toBe(channelId);
  expect(jar.has(seal.cookieNames(env.getEnv()).channelDue)).toBe(false);
});
