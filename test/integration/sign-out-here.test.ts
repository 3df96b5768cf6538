/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// A plain sign-out ends this browser's session only: its refresh token is revoked at the pool
// (RevokeToken, retried while the pool is busy), a copy of its cookies opens nothing from that
// moment, and the account's other browsers stay signed in. The product's own actions against the
// real local pool; only Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { CLIENT_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true });

let auth: typeof import('@/lib/auth/sign-in');
let signOut: typeof import('@/lib/auth/sign-out');
let session: typeof import('@/lib/session');
let seal: typeof import('@/lib/session/seal');
let env: typeof import('@/lib/runtime/env');
beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  signOut = await import('@/lib/auth/sign-out');
  session = await import('@/lib/session');
  seal = await import('@/lib/session/seal');
  env = await import('@/lib/runtime/env');
});

/** A browser's cookies: what the jar holds now, to put back later. */
const cookiesNow = () => new Map(jar);
const browse = (cookies: Map<string, string>) => {
  jar.clear();
  for (const [k, v] of cookies) jar.set(k, v);
};

/** The refresh token the jar's session holds, and the device it is bound to. */
async function refreshToken() {
  const e = env.getEnv();
  return (await seal.unsealAs('refresh', jar.get(seal.cookieNames(e).refresh), e))!;
}

/** Whether the pool still renews tokens with `stored`. */
const renews = (stored: { refreshToken: string; deviceKey?: string }) =>
  pool
    .identity('GetTokensFromRefreshToken', {
      ClientId: CLIENT_ID,
      RefreshToken: stored.refreshToken,
      ClientSecret: pool.clientSecret,
      ...(stored.deviceKey ? { DeviceKey: stored.deviceKey } : {}),
    })
    .then(
      () => true,
      () => false,
    );

async function twoBrowsers() {
  const email = `here.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  jar.clear();
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/');
  const laptop = cookiesNow();
  const laptopToken = await refreshToken();
  jar.clear();
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/');
  const phone = cookiesNow();
  const phoneToken = await refreshToken();
  return { laptop, laptopToken, phone, phoneToken };
}

test("signing out ends this browser and a copy of its cookies, and leaves the account's others", async () => {
  const { laptop, laptopToken, phone, phoneToken } = await twoBrowsers();
  const copy = new Map(laptop);

  browse(laptop);
  expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
  expect(await session.verifySession()).toBeNull();

  // A copy of the laptop's cookies, taken before the sign-out: nothing opens with it.
  browse(copy);
  expect(await session.verifySession()).toBeNull();
  expect(await renews(laptopToken)).toBe(false);

  // The phone is still signed in, and its tokens still renew.
  browse(phone);
  expect(await session.verifySession()).not.toBeNull();
  expect(await renews(phoneToken)).toBe(true);
});

test('a busy pool: the revocation is tried again until it is taken, within 5 s', async () => {
  const { laptop, laptopToken } = await twoBrowsers();
  browse(laptop);
  const fault = (mode: 'throttle' | 'off') =>
    pool.local('/__local/faults', { operation: 'RevokeToken', mode });
  await fault('throttle');
  const calm = new Promise((r) => setTimeout(r, 800)).then(() => fault('off'));
  try {
    expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
  } finally {
    await calm;
  }
  let renewed = true;
  for (let i = 0; i < 50 && renewed; i++) {
    renewed = await renews(laptopToken);
    if (renewed) await new Promise((r) => setTimeout(r, 100));
  }
  expect(renewed).toBe(false);
});

test('after a restart, a copy of a signed-out browser still opens nothing, even with the pool down', async () => {
  const state = await import('@/lib/state/local');
  const { laptop } = await twoBrowsers();
  const copy = new Map(laptop);
  browse(laptop);
  // The pool takes no revocation: only the instance's own mark keeps the copy out.
  await pool.local('/__local/faults', { operation: 'RevokeToken', mode: 'throttle' });
  try {
    expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
  } finally {
    await pool.local('/__local/faults', { operation: 'RevokeToken', mode: 'off' });
  }
  browse(copy);
  expect(await session.verifySession()).toBeNull();

  // What a restart keeps: the marks on disk, not the ones in memory.
  state.dropLocalState();
  browse(copy);
  expect(await session.verifySession()).toBeNull();
});

test("ending the phone from the laptop's devices ends it at its next request; the laptop stays", async () => {
  const profile = await import('@/lib/profile/account');
  const { laptop, phone, phoneToken } = await twoBrowsers();
  expect(phoneToken.deviceKey).toBeDefined();
  // The phone's access token is still good at the pool: only the product's mark ends it now.
  browse(laptop);
  expect(await profile.forgetDeviceAction(phoneToken.deviceKey)).toEqual({ status: 'success' });
  expect(await session.verifySession()).not.toBeNull();

  browse(phone);
  expect(await session.verifySession()).toBeNull();
  expect(await renews(phoneToken)).toBe(false);
});
