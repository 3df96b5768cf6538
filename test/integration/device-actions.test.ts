/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Remembered devices through the product's own code against the real local identity service: a
// sign-in confirms its device into the sealed cookie, "Remember this device" lets the next
// sign-in prove the device instead of asking for the code (device SRP on the SDK's helper, checked
// by the pool's server side), and a cookie the pool no longer knows is dropped, never an error.
// Only Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { createHmac, randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { CLIENT_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { previousTotpCode } from '@/test/totp';
import { withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const CLIENT_SECRET = 'device_actions_client_secret_0123456789abcdef';

const pool = withLocalPool({
  // A confidential client that propagates user context: the pool records the person's address.
  settings: { clientSecret: CLIENT_SECRET, propagateUserContext: true },
  creators: true,
  env: { COGNITO_CLIENT_SECRET: CLIENT_SECRET },
  // One address for every test: the device list shows it as the device's last.
  clientAddress: '198.51.100.40',
});
const identity = pool.identity;

let auth: typeof import('@/lib/auth/sign-in');
let profile: typeof import('@/lib/profile/account');
let session: typeof import('@/lib/session');
let cognito: typeof import('@/lib/cognito');
let seal: typeof import('@/lib/session/seal');
let held: typeof import('@/lib/devices/browser');
let env: typeof import('@/lib/runtime/env');

beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  profile = await import('@/lib/profile/account');
  session = await import('@/lib/session');
  cognito = await import('@/lib/cognito');
  held = await import('@/lib/devices/browser');
  seal = await import('@/lib/session/seal');
  env = await import('@/lib/runtime/env');
});

const secretHash = (username: string) =>
  createHmac('sha256', CLIENT_SECRET)
    .update(username + CLIENT_ID)
    .digest('base64');

/** A confirmed account with a channel; answers its email. */
async function account() {
  const email = `device.${randomBytes(4).toString('hex')}@creator.test`;
  await fetch(`${pool.creators.apiUrl}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await identity('SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    SecretHash: secretHash(email),
  });
  const codes = await pool.outbox(email);
  await identity('ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: codes[0]!.code,
    SecretHash: secretHash(email),
  });
  return email;
}

/** A confirmed account with authenticator-app MFA; answers its email and TOTP secret. */
async function accountWithTotp() {
  const email = await account();
  const signedIn = await identity<{ AuthenticationResult: { AccessToken: string } }>(
    'InitiateAuth',
    {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD, SECRET_HASH: secretHash(email) },
    },
  );
  const AccessToken = signedIn.AuthenticationResult.AccessToken;
  const { SecretCode } = await identity<{ SecretCode: string }>('AssociateSoftwareToken', {
    AccessToken,
  });
  // Set up with the code of the step before (previousTotpCode): the current one stays unspent.
  await identity('VerifySoftwareToken', {
    AccessToken,
    UserCode: await previousTotpCode(SecretCode),
  });
  await identity('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return { email, secret: SecretCode };
}

/** The authenticator's current code, unspent (turning two-step on used the step before's). */
const nextCode = (secret: string) => generateSync({ secret });

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

/** This browser's device of the account that signed in last (the cookie holds one per account). */
async function deviceCookie() {
  const e = env.getEnv();
  return (await held.readDevices(jar.get(seal.cookieNames(e).device), e))[0] ?? null;
}

/** Signs out here as the header's button does, keeping the device cookie. */
function signOutHere() {
  const names = seal.cookieNames(env.getEnv());
  for (const name of [names.session, names.refresh, names.challenge]) jar.delete(name);
}

describe('remembered devices', () => {
  test('two accounts taking turns on one browser: each signs in on its own device again, not a new one', async () => {
    const [first, second] = [await account(), await account()];
    const keys: Record<string, string[]> = { [first]: [], [second]: [] };
    for (const email of [first, second, first, second]) {
      expect(await signIn(email)).toBe('/');
      const e = env.getEnv();
      const refresh = await seal.unsealAs('refresh', jar.get(seal.cookieNames(e).refresh), e);
      keys[email]!.push(refresh!.deviceKey!);
      signOutHere();
    }
    // The same device each turn, and the pool lists one for each account.
    expect(new Set(keys[first]).size).toBe(1);
    expect(new Set(keys[second]).size).toBe(1);
    expect(await signIn(first)).toBe('/');
    const listed = await cognito.listDevices((await session.verifySession())!.accessToken);
    expect(listed.ok && listed.value.devices.map((d) => d.key)).toEqual(keys[first]!.slice(0, 1));
  });

  test('a device the pool will not confirm: the sign-in stands, and its session cannot be renewed', async () => {
    const email = await account();
    const fault = (mode: 'throttle' | 'off') =>
      fetch(`${pool.server.url}/__local/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'ConfirmDevice', mode }),
      });
    await fault('throttle');
    try {
      expect(await signIn(email)).toBe('/');
    } finally {
      await fault('off');
    }
    // Nothing kept for this browser, and the pool refuses to renew tokens of an unconfirmed
    // device (decision 034): the session ends at its first renewal, as on a real pool.
    expect(await deviceCookie()).toBeNull();
    const kept = await seal.unsealAs(
      'refresh',
      jar.get(seal.cookieNames(env.getEnv()).refresh),
      env.getEnv(),
    );
    const refreshed = await cognito.refresh(kept!.refreshToken, kept!.deviceKey);
    expect(refreshed.ok).toBe(false);
    expect(!refreshed.ok && refreshed.failure.name).toBe('NotAuthorizedException');
    // Once the pool answers again, the next sign-in confirms the device and renews.
    signOutHere();
    expect(await signIn(email)).toBe('/');
    const device = await deviceCookie();
    expect(device?.email).toBe(email);
    const renewed = await seal.unsealAs(
      'refresh',
      jar.get(seal.cookieNames(env.getEnv()).refresh),
      env.getEnv(),
    );
    expect((await cognito.refresh(renewed!.refreshToken, renewed!.deviceKey)).ok).toBe(true);
  });

  test('remembered on the two-step screen, the next sign-in skips the code', async () => {
    const { email, secret } = await accountWithTotp();
    expect(await signIn(email)).toBe('/login/mfa');
    const code = nextCode(secret);
    expect(
      await outcome(() =>
        auth.twoStepSignInAction({ status: 'idle' }, form({ code, remember: 'on' })),
      ),
    ).toBe('/');
    const device = await deviceCookie();
    expect(device).toMatchObject({ email, key: expect.stringMatching(/^us-east-1_/) });
    const current = await session.verifySession();
    const listed = await cognito.listDevices(current!.accessToken);
    expect(listed.ok && listed.value.devices).toEqual([
      expect.objectContaining({ key: device!.key, remembered: true, lastIp: '198.51.100.40' }),
    ]);

    signOutHere();
    // No code asked: the remembered device proved itself.
    expect(await signIn(email)).toBe('/');
    // The session is bound to the same device, and refreshes with its key.
    const refreshCookie = await seal.unsealAs(
      'refresh',
      jar.get(seal.cookieNames(env.getEnv()).refresh),
      env.getEnv(),
    );
    expect(refreshCookie?.deviceKey).toBe(device!.key);
    const refreshed = await cognito.refresh(refreshCookie!.refreshToken, refreshCookie!.deviceKey);
    expect(refreshed.ok).toBe(true);
  });

  test('not remembered, the code is asked again; the same device is used, not a new one', async () => {
    const { email, secret } = await accountWithTotp();
    expect(await signIn(email)).toBe('/login/mfa');
    await outcome(() =>
      auth.twoStepSignInAction({ status: 'idle' }, form({ code: nextCode(secret) })),
    );
    const first = await deviceCookie();
    signOutHere();
    expect(await signIn(email)).toBe('/login/mfa');
    expect((await deviceCookie())?.key).toBe(first?.key);
  });

  test('a device the pool no longer knows is dropped: the sign-in goes on as on a new device', async () => {
    const { email, secret } = await accountWithTotp();
    await signIn(email);
    await outcome(() =>
      auth.twoStepSignInAction(
        { status: 'idle' },
        form({ code: nextCode(secret), remember: 'on' }),
      ),
    );
    const device = await deviceCookie();
    const current = await session.verifySession();
    expect(await cognito.forgetDevice(current!.accessToken, device!.key)).toEqual({
      ok: true,
      value: undefined,
    });
    signOutHere();
    expect(await signIn(email)).toBe('/login/mfa');
    expect(await deviceCookie()).toBeNull();
  });

  test('forgetting this device signs out here and drops its cookie; a malformed key is refused', async () => {
    const { email, secret } = await accountWithTotp();
    await signIn(email);
    await outcome(() =>
      auth.twoStepSignInAction({ status: 'idle' }, form({ code: nextCode(secret) })),
    );
    const device = await deviceCookie();
    expect(await profile.forgetDeviceAction('not a key')).toMatchObject({ status: 'error' });
    expect(await profile.forgetDeviceAction(device!.key)).toEqual({
      status: 'success',
      data: { left: 'login' },
    });
    expect(await deviceCookie()).toBeNull();
    expect(await session.verifySession()).toBeNull();
    expect(jar.get(seal.cookieNames(env.getEnv()).ended)).toBe('device-forgotten');
  });
});
