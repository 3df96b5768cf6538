/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// The passkey actions against the real local identity service, with a software authenticator in
// the browser's place: the proof a long session needs, the whole ceremony, and what bad answers
// from a browser get (a message, never a crash). Only Next's request APIs are stood in for.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import { CLIENT_ID, POOL_ID } from '@/local/identity/config';
import { SoftwareAuthenticator } from '@/local/identity/test-authenticator';
import { cookieJar as jar } from '@/test/next-headers';
import { withLocalPool } from './harness';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'Sunny!Day42';

const pool = withLocalPool();
const identity = pool.identity;

let profile: typeof import('@/lib/profile/passkeys') & typeof import('@/lib/profile/two-step');
let auth: typeof import('@/lib/auth/sign-in');
let session: typeof import('@/lib/session');
let seal: typeof import('@/lib/session/seal');
let cognito: typeof import('@/lib/cognito');
let env: typeof import('@/lib/runtime/env');

beforeAll(async () => {
  profile = {
    ...(await import('@/lib/profile/passkeys')),
    ...(await import('@/lib/profile/two-step')),
  };
  auth = await import('@/lib/auth/sign-in');
  session = await import('@/lib/session');
  seal = await import('@/lib/session/seal');
  cognito = await import('@/lib/cognito');
  env = await import('@/lib/runtime/env');
});

/** A confirmed account, signed in through the adapter, its cookies in the jar. */
async function signedIn() {
  const email = `passkey.${randomBytes(4).toString('hex')}@creator.test`;
  await identity('SignUp', { ClientId: CLIENT_ID, Username: email, Password: PASSWORD });
  const codes = await pool.outbox(email);
  await identity('ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: codes[0]!.code,
  });
  // Bound to a channel, as after a first sign-in: no creator system runs here (decision 044).
  await identity('AdminUpdateUserAttributes', {
    UserPoolId: POOL_ID,
    Username: email,
    UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: `ch-${email}` }],
  });
  return { email, accessToken: await signInAs(email) };
}

async function signInAs(email: string): Promise<string> {
  const result = await cognito.signIn(email, PASSWORD);
  if (!result.ok || result.value.type !== 'signed-in') throw new Error('sign-in failed');
  jar.clear();
  await session.writeTokens(
    { set: (name: string, value: string) => void jar.set(name, value) },
    result.value.tokens,
  );
  return result.value.tokens.accessToken;
}

function form(entries: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

const isRedirectTo = (to: string) =>
  expect.objectContaining({ digest: expect.stringContaining(`;${to};`) });

/** The creation options once the password is proved for this passkey (decision 030). */
async function provedOptions() {
  const proved = await profile.provePasskeyAction(
    { status: 'idle' },
    form({ currentPassword: PASSWORD }),
  );
  if (proved.status !== 'success') throw new Error('the proof failed');
  return proved.data!.options!;
}

describe('adding a passkey', () => {
  test('needs the password every time: right after sign-in too, and again for a second one', async () => {
    const { accessToken } = await signedIn();
    // A fresh sign-in is no proof: whoever holds the session must know the password.
    expect(await profile.startPasskeyAction()).toEqual({
      status: 'idle',
      data: { proof: 'needed' },
    });
    expect(await profile.completePasskeyAction({})).toMatchObject({ status: 'error' });

    const wrong = await profile.provePasskeyAction(
      { status: 'idle' },
      form({ currentPassword: 'Wrong!Pass1' }),
    );
    expect(wrong.fieldErrors?.currentPassword).toBeDefined();
    const device = new SoftwareAuthenticator({ origin: ORIGIN });
    // The answer names the new passkey, for the name step that follows.
    expect(await profile.completePasskeyAction(device.register(await provedOptions()))).toEqual({
      status: 'success',
      data: { id: device.credentialId },
    });
    const listed = await cognito.listPasskeys(accessToken);
    expect(listed.ok && listed.value.map((p) => p.id)).toEqual([device.credentialId]);

    // The proof was spent on that passkey: a second asks for the password again.
    expect(await profile.startPasskeyAction()).toEqual({
      status: 'idle',
      data: { proof: 'needed' },
    });
    const other = new SoftwareAuthenticator({ origin: ORIGIN });
    expect(await profile.completePasskeyAction(other.register(await provedOptions()))).toEqual({
      status: 'success',
      data: { id: other.credentialId },
    });
  });

  test('a spent proof stays spent: the cookie from before the passkey was saved adds no second one', async () => {
    await signedIn();
    const options = await provedOptions();
    const before = new Map(jar);
    const device = new SoftwareAuthenticator({ origin: ORIGIN });
    expect(await profile.completePasskeyAction(device.register(options))).toMatchObject({
      status: 'success',
    });
    // The session cookie as it was with the proof in it, sent again.
    for (const [k, v] of before) jar.set(k, v);
    const again = new SoftwareAuthenticator({ origin: ORIGIN });
    expect(await profile.completePasskeyAction(again.register(options))).toEqual({
      status: 'error',
      message: { text: 'Please confirm your password again: close this window and start over.' },
    });
  });

  test.each([
    ['a string', 'garbage'],
    ['null', null],
    ['an object of the wrong shape', { id: 'x', type: 'password' }],
    ['markup in a field', { id: 'a', rawId: 'a', type: 'public-key', response: { x: '<b>' } }],
  ])(
    'a malformed answer from the browser (%s) gets a message and reaches no one',
    async (_, bad) => {
      await signedIn();
      await provedOptions();
      expect(await profile.completePasskeyAction(bad)).toEqual({
        status: 'error',
        message: { text: "The passkey couldn't be saved. Please try again." },
      });
    },
  );

  test('a passkey made for another site is refused in words a person can act on', async () => {
    await signedIn();
    const device = new SoftwareAuthenticator({ origin: 'https://evil.example' });
    expect(await profile.completePasskeyAction(device.register(await provedOptions()))).toEqual({
      status: 'error',
      message: { text: "This passkey belongs to another site and can't be used here." },
    });
  });
});

/** A passkey sign-in waiting for this browser (a fresh jar), as '/login' starts one: its options. */
async function passkeyChallenge(email: string) {
  jar.clear();
  const begun = await cognito.startPasswordless(email, 'WEB_AUTHN');
  if (!begun.ok || begun.value.type !== 'challenge') throw new Error('no challenge');
  await session.setChallenge({ name: 'WEB_AUTHN', session: begun.value.session, username: email });
  return begun.value.parameters!.CREDENTIAL_REQUEST_OPTIONS!;
}

describe('signing in with a passkey, and removing it', () => {
  test('an assertion signs in once; replayed, or after removal, it does not', async () => {
    const { email, accessToken } = await signedIn();
    const device = new SoftwareAuthenticator({ origin: ORIGIN });
    await profile.completePasskeyAction(device.register(await provedOptions()));

    const assertion = device.authenticate(await passkeyChallenge(email));
    await expect(auth.passkeySignInFinishAction(assertion)).rejects.toEqual(isRedirectTo('/'));
    expect(jar.get(seal.cookieNames(env.getEnv()).session)).toBeTruthy();

    // The same assertion again, against a new challenge: refused, with a message.
    await passkeyChallenge(email);
    expect(await auth.passkeySignInFinishAction(assertion)).toEqual({
      status: 'error',
      message: {
        text: "That passkey didn't work for this account. Try another passkey, or sign in with your password.",
      },
    });
    // Malformed: refused before it reaches Cognito.
    await passkeyChallenge(email);
    expect(await auth.passkeySignInFinishAction('{"id":1}')).toMatchObject({ status: 'error' });

    // Removed: gone from the list; a bad id is refused without a call.
    await signInAs(email);
    expect(await profile.removePasskeyAction('../etc')).toMatchObject({ status: 'error' });
    expect(await profile.removePasskeyAction(device.credentialId)).toEqual({ status: 'success' });
    const listed = await cognito.listPasskeys(accessToken);
    expect(listed.ok && listed.value).toEqual([]);
  });

  test('no challenge waiting: back to sign-in, told why', async () => {
    await expect(auth.passkeySignInFinishAction({})).rejects.toEqual(
      isRedirectTo('/login?reason=expired'),
    );
  });
});

describe("a passkey's name, provider and last use (decision 049)", () => {
  const APPLE = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

  async function listed(email: string) {
    const { describe: described } = await import('@/lib/passkeys/notes');
    const { readPasskeyNotes } = await import('@/lib/passkeys/store');
    const accessToken = await signInAs(email);
    const passkeys = await cognito.listPasskeys(accessToken);
    const user = await cognito.getUser(accessToken);
    if (!passkeys.ok || !user.ok) throw new Error('no list');
    const notes = await readPasskeyNotes(env.getEnv(), user.value.sub!);
    if (!notes.ok) throw new Error('no notes');
    return described(passkeys.value, notes.value);
  }

  test('is named by its provider, renamed by the creator, and dated by its last sign-in', async () => {
    const { email } = await signedIn();
    const device = new SoftwareAuthenticator({ origin: ORIGIN, aaguid: APPLE });
    await profile.completePasskeyAction(device.register(await provedOptions()));
    const unnamed = new SoftwareAuthenticator({ origin: ORIGIN });
    await signInAs(email);
    await profile.completePasskeyAction(unnamed.register(await provedOptions()));

    let [apple, plain] = await listed(email);
    expect(apple).toMatchObject({ id: device.credentialId, name: 'Apple Passwords' });
    expect(apple!.lastUsedAt).toBeUndefined();
    // An all-zero AAGUID names nothing.
    expect(plain).toMatchObject({ id: unnamed.credentialId, name: 'Passkey' });

    // Renamed: the creator's name first, the provider under it.
    expect(await profile.renamePasskeyAction(device.credentialId, '  Work   phone ')).toEqual({
      status: 'success',
    });
    [apple] = await listed(email);
    expect(apple).toMatchObject({ name: 'Work phone', provider: 'Apple Passwords' });

    // A name too long or empty is said; a passkey not in this account's list is refused.
    expect(await profile.renamePasskeyAction(device.credentialId, 'x'.repeat(41))).toEqual({
      status: 'error',
      fieldErrors: { name: [{ text: 'Up to 40 characters.' }] },
    });
    expect(await profile.renamePasskeyAction(device.credentialId, '   ')).toEqual({
      status: 'error',
      fieldErrors: { name: [{ text: 'Enter a name.' }] },
    });
    expect(await profile.renamePasskeyAction('c29tZW9uZS1lbHNl', 'Mine now')).toMatchObject({
      status: 'error',
    });

    // A sign-in with it dates it.
    const options = await passkeyChallenge(email);
    const before = Math.floor(Date.now() / 1000);
    await expect(auth.passkeySignInFinishAction(device.authenticate(options))).rejects.toEqual(
      isRedirectTo('/'),
    );
    [apple, plain] = await listed(email);
    expect(apple!.lastUsedAt).toBeGreaterThanOrEqual(before);
    expect(plain!.lastUsedAt).toBeUndefined();

    // Removed, its notes go too.
    expect(await profile.removePasskeyAction(device.credentialId)).toEqual({ status: 'success' });
    expect((await listed(email)).map((p) => p.name)).toEqual(['Passkey']);
  });
});

describe('passkeys and two-step, one story (decision 056)', () => {
  /** Whether a USER_AUTH sign-in for `email` may use a passkey now. */
  const passkeyOffered = async (email: string) => {
    const started = await identity<{ AvailableChallenges?: string[] }>('InitiateAuth', {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: email },
    });
    return (started.AvailableChallenges ?? []).includes('WEB_AUTHN');
  };
  const recoveryKept = async (email: string) => {
    const user = await identity<{ UserAttributes: { Name: string }[] }>('AdminGetUser', {
      UserPoolId: POOL_ID,
      Username: email,
    });
    return user.UserAttributes.some((a) => a.Name === 'custom:recovery');
  };

  test('a passkey, then email codes: the passkey still signs in; the last method off, codes and passkey MFA go with it', async () => {
    const { email } = await signedIn();
    const device = new SoftwareAuthenticator({ origin: ORIGIN });
    expect(
      await profile.completePasskeyAction(device.register(await provedOptions())),
    ).toMatchObject({
      status: 'success',
    });
    expect(await passkeyOffered(email)).toBe(true);

    // Two-step on: without passkey MFA Cognito would offer the passkey no more.
    expect(await profile.turnOnCodeMethodAction('EMAIL_OTP')).toEqual({ status: 'success' });
    expect(await passkeyOffered(email)).toBe(true);
    const session = (await seal.unsealAs(
      'session',
      jar.get(seal.cookieNames(env.getEnv()).session),
      env.getEnv(),
    ))!;
    const { issueRecoveryCodes } = await import('@/lib/two-step/issue');
    expect(await issueRecoveryCodes(session.claims.sub, 'test')).toHaveLength(10);
    expect(await recoveryKept(email)).toBe(true);

    // The last method off, with the password and the emailed code as proof.
    const off = (code?: string) =>
      profile.turnOffCodeMethodAction(
        { status: 'idle' },
        form({ method: 'EMAIL_OTP', currentPassword: PASSWORD, ...(code ? { code } : {}) }),
      );
    const asked = await off();
    expect(asked.status).toBe('error');
    const [sent] = (await pool.outbox(email)).filter((m) => m.purpose !== 'signup');
    expect(await off(sent!.code)).toEqual({ status: 'success' });
    // No recovery code may turn two-step off later, and the passkey signs in on its own.
    expect(await recoveryKept(email)).toBe(false);
    expect(await passkeyOffered(email)).toBe(true);
  });
});
