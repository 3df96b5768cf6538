import { Amplify } from 'aws-amplify';
import {
  associateWebAuthnCredential,
  confirmResetPassword,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  fetchDevices,
  fetchUserAttributes,
  forgetDevice,
  rememberDevice,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
  updateMFAPreference,
  verifyTOTPSetup,
  confirmSignIn,
} from 'aws-amplify/auth';
import { generateSync } from 'otplib';
import { startLocalTarget, uniqueEmail, type PoolTarget } from './conformance-harness';
import { LENIENT, PUBLIC_CLIENT, resolveSettings, type PoolSettings } from './settings';
import { installBrowserWebAuthn, SoftwareAuthenticator } from './test-authenticator';

/**
 * AWS Amplify JS v6, unmodified, against the local pool: the client every Amplify app ships, in
 * its default configuration (SRP sign-in), through an account's life. What it does against a
 * real pool it must do here (developer guide; Amplify's own documentation of each API).
 */

const PASSWORD = 'Amplify-Passw0rd!';

// Node has a `navigator` (Amplify names the device from it); jest's node environment leaves it out.
if (typeof navigator === 'undefined')
  Object.defineProperty(globalThis, 'navigator', {
    value: { userAgent: `Node.js/${process.versions.node}` },
  });

// Amplify warns, as it should, that the endpoint is not AWS's; any other warning fails the test.
const warn = console.warn;
const quiet = () =>
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('custom Amazon')) warn(...args);
  });
beforeEach(quiet);
const NEW_PASSWORD = 'Amplify-N3w-pass!';

function configure(target: PoolTarget) {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: target.poolId,
        userPoolClientId: target.clientId,
        userPoolEndpoint: target.local!.url,
        loginWith: { email: true },
      },
    },
  });
}

async function lifeOfAnAccount(target: PoolTarget) {
  const local = target.local!;
  const email = uniqueEmail('amplify');

  const up = await signUp({
    username: email,
    password: PASSWORD,
    options: { userAttributes: { email, name: 'Amplify Creator' } },
  });
  expect(up.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
  const confirmed = await confirmSignUp({
    username: email,
    confirmationCode: await local.code(email, 'signup'),
  });
  expect(confirmed.isSignUpComplete).toBe(true);

  // Its default sign-in: USER_SRP_AUTH.
  const first = await signIn({ username: email, password: PASSWORD });
  expect(first).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  const session = await fetchAuthSession();
  expect(session.tokens?.idToken?.payload.email).toBe(email);

  // Refresh: a forced refresh gets new tokens from the refresh token (and the device's key).
  const refreshed = await fetchAuthSession({ forceRefresh: true });
  expect(refreshed.tokens?.accessToken.toString()).toBeTruthy();
  expect(refreshed.tokens?.accessToken.toString()).not.toBe(session.tokens?.accessToken.toString());

  await updateUserAttributes({ userAttributes: { name: 'Amplify Renamed' } });
  expect((await fetchUserAttributes()).name).toBe('Amplify Renamed');

  await updatePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD });
  await signOut();
  expect(await signIn({ username: email, password: PASSWORD }).catch((e: Error) => e.name)).toBe(
    'NotAuthorizedException',
  );
  expect((await signIn({ username: email, password: NEW_PASSWORD })).isSignedIn).toBe(true);
  await signOut();

  const reset = await resetPassword({ username: email });
  expect(reset.nextStep.resetPasswordStep).toBe('CONFIRM_RESET_PASSWORD_WITH_CODE');
  await confirmResetPassword({
    username: email,
    confirmationCode: await local.code(email, 'forgot-password'),
    newPassword: PASSWORD,
  });
  expect((await signIn({ username: email, password: PASSWORD })).isSignedIn).toBe(true);

  // Choice-based sign-in (USER_AUTH) with an emailed code.
  await signOut();
  const byEmail = await signIn({
    username: email,
    options: { authFlowType: 'USER_AUTH', preferredChallenge: 'EMAIL_OTP' },
  });
  expect(byEmail.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
  const emailed = await confirmSignIn({ challengeResponse: await local.code(email, 'sign-in') });
  expect(emailed.isSignedIn).toBe(true);

  // A passkey, made through the browser's WebAuthn API (answered by a software authenticator on
  // the relying party's origin), listed, used for a choice-based sign-in, then deleted.
  const authenticator = new SoftwareAuthenticator({ origin: 'http://localhost:3000' });
  const uninstall = installBrowserWebAuthn(authenticator);
  try {
    await associateWebAuthnCredential();
    const listed = await listWebAuthnCredentials();
    expect(listed.credentials.map((c) => c.credentialId)).toEqual([authenticator.credentialId]);
    await signOut();
    const byPasskey = await signIn({
      username: email,
      options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' },
    });
    expect(byPasskey).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(authenticator.counter).toBe(1);
    await deleteWebAuthnCredential({ credentialId: authenticator.credentialId });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);
  } finally {
    uninstall();
  }

  // An authenticator app, then the sign-in asks for its code.
  const totp = await setUpTOTP();
  local.advance(30_000);
  await verifyTOTPSetup({
    code: generateSync({ secret: totp.sharedSecret, epoch: local.now() / 1000 }),
  });
  await updateMFAPreference({ totp: 'PREFERRED' });
  return { email, secret: totp.sharedSecret };
}

async function withTheApp(target: PoolTarget, tracksDevices: boolean, hidesUnknownUsers: boolean) {
  configure(target);
  const local = target.local!;
  const { email, secret } = await lifeOfAnAccount(target);

  if (tracksDevices) {
    // Signed in by SRP on this device, which is then remembered: the next sign-in proves the
    // device instead of asking for the code. (Amplify names its device only in SRP sign-ins, so
    // the emailed-code sign-in before was issued a device of its own.)
    await signOut();
    expect((await signIn({ username: email, password: PASSWORD })).nextStep.signInStep).toBe(
      'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
    );
    local.advance(30_000);
    await confirmSignIn({ challengeResponse: generateSync({ secret, epoch: local.now() / 1000 }) });
    await rememberDevice();
    // Each sign-in that named no device was issued one (the emailed-code sign-in too): this
    // browser's current device is the one remembered.
    const devices = await fetchDevices();
    expect(
      devices.filter((d) => d.attributes?.device_remembered_status === 'remembered'),
    ).toHaveLength(1);
    await signOut();

    const again = await signIn({ username: email, password: PASSWORD });
    expect(again).toMatchObject({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await forgetDevice();
    expect(
      (await fetchDevices()).filter((d) => d.attributes?.device_remembered_status === 'remembered'),
    ).toHaveLength(0);
  }
  await signOut();

  const challenged = await signIn({ username: email, password: PASSWORD });
  expect(challenged.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  local.advance(30_000);
  const done = await confirmSignIn({
    challengeResponse: generateSync({ secret, epoch: local.now() / 1000 }),
  });
  expect(done.isSignedIn).toBe(true);

  // Signed out everywhere: the refresh token no longer works.
  await signOut({ global: true });
  expect((await fetchAuthSession()).tokens).toBeUndefined();

  expect((await signIn({ username: email, password: PASSWORD })).nextStep.signInStep).toBe(
    'CONFIRM_SIGN_IN_WITH_TOTP_CODE',
  );
  local.advance(30_000);
  await confirmSignIn({ challengeResponse: generateSync({ secret, epoch: local.now() / 1000 }) });
  await deleteUser();
  expect(await signIn({ username: email, password: PASSWORD }).catch((e: Error) => e.name)).toBe(
    hidesUnknownUsers ? 'NotAuthorizedException' : 'UserNotFoundException',
  );
}

describe.each([
  [
    'the default pool (as the README recommends: existence errors prevented, rotation, the code quota; devices remembered on opt-in)',
    {} as Partial<PoolSettings>,
    true,
  ],
  [
    'the lenient pool (unknown users named, no rotation, no quota)',
    LENIENT as Partial<PoolSettings>,
    true,
  ],
  [
    'a pool as the console makes one (existence errors prevented, rotation, no devices)',
    {
      preventUserExistenceErrors: 'ENABLED',
      refreshTokenRotation: true,
      deviceTracking: 'off',
    } as Partial<PoolSettings>,
    false,
  ],
])('AWS Amplify JS v6 against the local pool: %s', (_label, settings, tracksDevices) => {
  let target: PoolTarget;
  beforeAll(async () => {
    // Amplify runs on public app clients only (it sends no SECRET_HASH).
    target = await startLocalTarget({ ...PUBLIC_CLIENT, ...settings });
    quiet();
    configure(target);
    await signOut(); // Amplify is one singleton: nothing of another run's user stays signed in.
  });
  afterAll(async () => target.close());

  it('signs up, confirms, signs in by SRP, by emailed code and by passkey, refreshes, changes and resets, sets up TOTP, remembers a device (where the pool tracks them), signs out everywhere and deletes itself', async () => {
    const hidesUnknownUsers = resolveSettings(settings).preventUserExistenceErrors === 'ENABLED';
    await withTheApp(target, tracksDevices, hidesUnknownUsers);
  }, 60_000);
});
