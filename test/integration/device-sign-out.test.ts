/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// What the ways out do with remembered devices, through the product's own actions against the real
// local identity service: "Sign out everywhere" and "This wasn't me" forget the account's
// remembered devices at the pool (a remembered device otherwise skips the code after them) and
// drop this browser's entry; a plain sign-out drops the entry only when the device was not
// remembered. Only Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { CLIENT_ID, POOL_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { previousTotpCode } from '@/test/totp';
import { confirmedCreator, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true });
const identity = pool.identity;

let auth: typeof import('@/lib/auth/not-me') & typeof import('@/lib/auth/sign-in');
let profile: typeof import('@/lib/profile/account');
let signOut: typeof import('@/lib/auth/sign-out');
let session: typeof import('@/lib/session');
let seal: typeof import('@/lib/session/seal');
let held: typeof import('@/lib/devices/browser');
let env: typeof import('@/lib/runtime/env');

beforeAll(async () => {
  auth = {
    ...(await import('@/lib/auth/not-me')),
    ...(await import('@/lib/auth/sign-in')),
  };
  profile = await import('@/lib/profile/account');
  signOut = await import('@/lib/auth/sign-out');
  session = await import('@/lib/session');
  seal = await import('@/lib/session/seal');
  held = await import('@/lib/devices/browser');
  env = await import('@/lib/runtime/env');
});

type Tokens = {
  AuthenticationResult: {
    AccessToken: string;
    NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string };
  };
};

/**
 * A confirmed account with authenticator-app two-step, and a remembered device on another browser
 * (confirmed and remembered through the pool's own API); answers its email, secret and that key.
 */
async function accountWithTotp() {
  const email = `signout.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  const { AuthenticationResult: out } = await identity<Tokens>('InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const AccessToken = out.AccessToken;
  const elsewhere = out.NewDeviceMetadata!.DeviceKey;
  await identity('ConfirmDevice', { AccessToken, DeviceKey: elsewhere, DeviceName: 'Elsewhere' });
  await identity('UpdateDeviceStatus', {
    AccessToken,
    DeviceKey: elsewhere,
    DeviceRememberedStatus: 'remembered',
  });
  const { SecretCode } = await identity<{ SecretCode: string }>('AssociateSoftwareToken', {
    AccessToken,
  });
  // Set up with the code of the step before: the current one stays unspent for the sign-in.
  await identity('VerifySoftwareToken', {
    AccessToken,
    UserCode: await previousTotpCode(SecretCode),
  });
  await identity('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return { email, secret: SecretCode, elsewhere };
}

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

/** Where an action sent the person (it throws Next's redirect), or its answer. */
async function outcome(run: () => Promise<unknown>): Promise<string | unknown> {
  try {
    return await run();
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (digest?.startsWith('NEXT_REDIRECT')) return digest.split(';')[2];
    throw error;
  }
}

const signIn = (email: string) =>
  outcome(() => auth.signInAction({ status: 'idle' }, form({ email, password: PASSWORD })));

/** Signs in here with the password and the code, ticking "Remember this device" or not. */
async function signInWithCode(email: string, secret: string, remember: boolean) {
  expect(await signIn(email)).toBe('/login/mfa');
  const code = generateSync({ secret });
  expect(
    await outcome(() =>
      auth.twoStepSignInAction(
        { status: 'idle' },
        form(remember ? { code, remember: 'on' } : { code }),
      ),
    ),
  ).toBe('/');
}

const deviceName = () => seal.cookieNames(env.getEnv()).device;

/** This browser's device of the account `email`, if the cookie holds one. */
async function entryOf(email: string) {
  const e = env.getEnv();
  const list = await held.readDevices(jar.get(deviceName()), e);
  return list.find((d) => d.email === email) ?? null;
}

/** The account's devices as the pool lists them (the operator's view). */
async function poolDevices(email: string) {
  const out = await identity<{ Devices: { DeviceKey: string; DeviceAttributes: object[] }[] }>(
    'AdminListDevices',
    { UserPoolId: POOL_ID, Username: email },
  );
  return out.Devices.map((d) => ({
    key: d.DeviceKey,
    remembered: JSON.stringify(d.DeviceAttributes).includes('"Value":"remembered"'),
  }));
}

/** The session cookies go as a sign-out's would; the device cookie `kept` stays (or comes back). */
function freshBrowserWith(kept: string | undefined) {
  jar.clear();
  if (kept) jar.set(deviceName(), kept);
}

describe('the ways out and remembered devices', () => {
  test('after "Sign out everywhere", the password alone no longer signs in on a remembered device', async () => {
    const { email, secret, elsewhere } = await accountWithTotp();
    await signInWithCode(email, secret, true);
    const here = await entryOf(email);
    expect(here).not.toBeNull();
    const cookie = jar.get(deviceName());
    expect(await poolDevices(email)).toEqual(
      expect.arrayContaining([
        { key: here!.key, remembered: true },
        { key: elsewhere, remembered: true },
      ]),
    );

    expect(await profile.signOutEverywhereAction()).toEqual({ status: 'success' });
    const left = await entryOf(email);
    const remembered = (await poolDevices(email)).filter((d) => d.remembered);

    // The same device's credentials again (a copy of the cookie, or another browser's): the code
    // is asked for, and the device the pool no longer knows is dropped.
    freshBrowserWith(cookie);
    expect(await signIn(email)).toBe('/login/mfa');
    // The pool remembers none of the account's devices, and this browser's entry is gone.
    expect(remembered).toEqual([]);
    expect(left).toBeNull();
  });

  test('after "This wasn\'t me", the password alone no longer signs in on a remembered device', async () => {
    const { email, secret, elsewhere } = await accountWithTotp();
    await signInWithCode(email, secret, true);
    const { sub } = (await session.verifySession())!.claims;
    const cookie = jar.get(deviceName());
    const t = await seal.sealAs('notMe', { v: 1, p: 'not-me', sub, email }, env.getEnv());

    expect(await outcome(() => auth.notMeAction(form({ t })))).toBe(
      `/forgot-password?email=${encodeURIComponent(email)}`,
    );
    const left = await entryOf(email);
    const devices = await poolDevices(email);

    freshBrowserWith(cookie);
    expect(await signIn(email)).toBe('/login/mfa');
    expect(devices.filter((d) => d.remembered)).toEqual([]);
    expect(devices.map((d) => d.key)).not.toContain(elsewhere);
    expect(left).toBeNull();
  });

  test('a plain sign-out drops a device that was not remembered, and keeps a remembered one', async () => {
    const { email, secret } = await accountWithTotp();
    await signInWithCode(email, secret, false);
    const dropped = await entryOf(email);
    expect(dropped).not.toBeNull();
    expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
    expect(await entryOf(email)).toBeNull();
    // Nor does the pool keep it: a row no browser holds any more.
    expect((await poolDevices(email)).map((d) => d.key)).not.toContain(dropped!.key);

    const other = await accountWithTotp();
    await signInWithCode(other.email, other.secret, true);
    const remembered = await entryOf(other.email);
    expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
    expect(await entryOf(other.email)).toEqual(remembered);
    // The person asked for it: the next sign-in here still skips the code.
    freshBrowserWith(jar.get(deviceName()));
    expect(await signIn(other.email)).toBe('/');
  });

  test('signing in again after a plain sign-out is no "new browser" to the mailbox; another browser is', async () => {
    const email = `again.${randomBytes(4).toString('hex')}@creator.test`;
    await confirmedCreator(pool, email, PASSWORD);
    const newBrowser = async () =>
      (await pool.outbox(email)).filter((m) => m.event === 'new-device-sign-in').length;
    jar.clear();
    expect(await signIn(email)).toBe('/');
    const first = await newBrowser();
    expect(first).toBe(1);
    expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
    expect(await entryOf(email)).toBeNull();
    // The same browser, its session gone: a new device at the pool, and no mail about it.
    expect(await signIn(email)).toBe('/');
    expect(await entryOf(email)).not.toBeNull();
    expect(await newBrowser()).toBe(first);
    // A browser that never signed in to the account is told.
    jar.clear();
    expect(await signIn(email)).toBe('/');
    expect(await newBrowser()).toBe(first + 1);
  });

  test('a pool that does not say whether the device is remembered: the sign-out goes on, the entry stays', async () => {
    const { email, secret } = await accountWithTotp();
    await signInWithCode(email, secret, false);
    const entry = await entryOf(email);
    await pool.local('/__local/faults', { operation: 'GetDevice', mode: 'stall' });
    const started = Date.now();
    try {
      expect(await signOut.signOut(await session.verifySession(), 'localhost')).toBe('/login');
    } finally {
      await pool.local('/__local/faults', { operation: 'GetDevice', mode: 'off' });
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await entryOf(email)).toEqual(entry);
    expect(await session.verifySession()).toBeNull();
  });

  test('a pool that fails the device calls never holds up "Sign out everywhere"', async () => {
    const { email, secret } = await accountWithTotp();
    await signInWithCode(email, secret, true);
    const fault = (operation: string, mode: 'throttle' | 'stall' | 'off') =>
      pool.local('/__local/faults', { operation, mode });
    await fault('ListDevices', 'stall');
    const started = Date.now();
    try {
      expect(await profile.signOutEverywhereAction()).toEqual({ status: 'success' });
    } finally {
      await fault('ListDevices', 'off');
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await entryOf(email)).toBeNull();
    expect(await session.verifySession()).toBeNull();
  });
});
