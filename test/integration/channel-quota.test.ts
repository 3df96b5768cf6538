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

let auth: typeof import('@/lib/auth/sign-in');
let guard: typeof import('@/lib/session/refresh');
let seal: typeof import('@/lib/session/seal');
let env: typeof import('@/lib/runtime/env');
let embedToken: typeof import('@/app/api/embed-token/route');
let dashboard: typeof import('@/app/(dashboard)/(analytics)/page');
let channel: typeof import('@/lib/dashboard/channel');
let ForcedSignOut: unknown;

beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  guard = await import('@/lib/session/refresh');
  seal = await import('@/lib/session/seal');
  env = await import('@/lib/runtime/env');
  embedToken = await import('@/app/api/embed-token/route');
  dashboard = await import('@/app/(dashboard)/(analytics)/page');
  channel = await import('@/lib/dashboard/channel');
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

// A waiting binding is its session's alone, and the creator system has the last word on it.
const dueName = () => seal.cookieNames(env.getEnv()).channelDue;

/** A request to the creator system's API; throws if refused. */
async function creators(route: string, init: { method: string; body: object }) {
  const res = await fetch(`${pool.creators.apiUrl}${route}`, {
    method: init.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

/** The creator system gives `channelId` to another creator: `email` no longer finds it. */
const giveAway = (channelId: string) =>
  creators(`/users/${encodeURIComponent(channelId)}/email`, {
    method: 'PUT',
    body: { email: `taken.${randomBytes(4).toString('hex')}@creator.test` },
  });

const newRecord = async (email: string) =>
  (await creators('/__local/creators', { method: 'POST', body: { email } })).id;

const embedChannel = async (answer: Response) => {
  const { token } = (await answer.json()) as { token: string };
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
};

describe('a waiting binding', () => {
  afterEach(() =>
    creators('/__local/faults', { method: 'POST', body: { route: 'search', mode: 'off' } }),
  );

  test("kept from an earlier session of the account, it is not this session's: ignored and cleared", async () => {
    share(0);
    const { email } = await account();
    expect(await signIn(email)).toBe('/');
    const kept = jar.get(dueName())!;
    expect(kept).toBeTruthy();
    // Another session of the same account, a second later (sessions are told by their start).
    jar.clear();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await signIn(email)).toBe('/');
    jar.set(dueName(), kept);
    const answer = await embedToken.GET();
    expect(answer.status).toBe(403);
    expect(jar.has(dueName())).toBe(false);
    jar.set(dueName(), kept);
    share(5);
    expect(await visit()).toBe(true);
    expect(await poolChannel(email)).toBeUndefined();
    expect(jar.has(dueName())).toBe(false);
  });

  test('whose channel the creator system has given to someone else, it is dropped, not bound', async () => {
    share(0);
    const { email, channelId } = await account();
    expect(await signIn(email)).toBe('/');
    await giveAway(channelId);
    share(5);
    expect(await visit()).toBe(true);
    expect(await poolChannel(email)).toBeUndefined();
    expect(jar.has(dueName())).toBe(false);
  });

  test("binds the id the creator system gives the account's email now", async () => {
    share(0);
    const { email, channelId } = await account();
    expect(await signIn(email)).toBe('/');
    await giveAway(channelId);
    const now = await newRecord(email);
    share(5);
    expect(await visit()).toBe(true);
    expect(await poolChannel(email)).toBe(now);
    expect(jar.has(dueName())).toBe(false);
  });

  test('waits, unbound, while the creator system cannot be asked', async () => {
    share(0);
    const { email, channelId } = await account();
    expect(await signIn(email)).toBe('/');
    await creators('/__local/faults', { method: 'POST', body: { route: 'search', mode: 'error' } });
    share(5);
    expect(await visit()).toBe(true);
    expect(await poolChannel(email)).toBeUndefined();
    expect((await waiting())?.channelId).toBe(channelId);
    await creators('/__local/faults', { method: 'POST', body: { route: 'search', mode: 'off' } });
    expect(await visit()).toBe(true);
    expect(await poolChannel(email)).toBe(channelId);
    expect(jar.has(dueName())).toBe(false);
  });

  test('where the pool holds a channel already, the embed token is that one and the binding goes', async () => {
    share(0);
    const { email, channelId } = await account();
    expect(await signIn(email)).toBe('/');
    // Bound meanwhile (another session, an administrator): the pool's answer stands.
    const held = await newRecord(`held.${randomBytes(4).toString('hex')}@creator.test`);
    await pool.identity('AdminUpdateUserAttributes', {
      UserPoolId: POOL_ID,
      Username: email,
      UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: held }],
    });
    expect(held).not.toBe(channelId);
    const answer = await embedToken.GET();
    expect(answer.status).toBe(200);
    expect(await embedChannel(answer)).toBe(held);
    expect(jar.has(dueName())).toBe(false);
  });

  test('is not kept at a sign-in of an account the pool holds a channel for', async () => {
    const { email, channelId } = await account();
    const held = await newRecord(`held.${randomBytes(4).toString('hex')}@creator.test`);
    await pool.identity('AdminUpdateUserAttributes', {
      UserPoolId: POOL_ID,
      Username: email,
      UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: held }],
    });
    // The record says otherwise, and the correction finds no share: the next sign-in makes it.
    share(0);
    expect(await signIn(email)).toBe('/');
    expect(jar.has(dueName())).toBe(false);
    expect(await poolChannel(email)).toBe(held);
    expect(held).not.toBe(channelId);
  });

  test('is kept no longer than the rest of the session the response writes, and is bound to it', async () => {
    share(0);
    const { email } = await account();
    expect(await signIn(email)).toBe('/');
    const names = seal.cookieNames(env.getEnv());
    const session = (await seal.unsealAs('session', jar.get(names.session), env.getEnv()))!;
    // A response (as Google's callback builds) carrying a session that started an hour ago.
    const started = Math.floor(Date.now() / 1000) - 3600;
    const response = NextResponse.next();
    const older = await seal.sealAs('session', { ...session, startedAt: started }, env.getEnv());
    response.cookies.set(names.session, older);
    const due = { channelId: 'cm-later', username: session.claims.sub };
    await channel.keepChannelDue(response.cookies, session.claims.sub, due);
    const kept = response.cookies.get(names.channelDue)!;
    const left = started + env.getEnv().sessionLimits.maxS - Math.floor(Date.now() / 1000);
    expect(kept.maxAge).toBeLessThanOrEqual(left + 1);
    expect(await seal.unsealAs('channelDue', kept.value, env.getEnv())).toMatchObject({
      ...due,
      startedAt: started,
    });
  });
});
