/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Every answer after the password names the creator by the pool's own username, and hashes
// SECRET_HASH over it, on the template's confidential client: botocore
// (AdminInitiateAuthResponse.ChallengeParameters), "You must use the username and not an alias in
// the ChallengeResponses". The product's own actions against the real local pool, which refuses an
// alias there as AWS documents; each answer the pool sees is read too.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { POOL_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, runAction, twoStepCreator, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
/** Every RespondToAuthChallenge the pool saw: the challenge and the USERNAME it named. */
const answers: { challenge: string; username: string; status: number }[] = [];
const pool = withLocalPool({
  creators: true,
  observe: (operation, status, _body, request) => {
    const r = request as
      { ChallengeName?: string; ChallengeResponses?: { USERNAME?: string } } | undefined;
    if (operation === 'RespondToAuthChallenge' && r?.ChallengeName)
      answers.push({
        challenge: r.ChallengeName,
        username: r.ChallengeResponses?.USERNAME ?? '',
        status,
      });
  },
});

let auth: typeof import('@/lib/auth/sign-in');
let cognito: typeof import('@/lib/cognito');
beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  cognito = await import('@/lib/cognito');
});
beforeEach(() => void (answers.length = 0));

const address = (what: string) => `${what}.${randomBytes(4).toString('hex')}@creator.test`;

/** The pool's username for `email` (a UUID here: the pool signs in by the email alias). */
async function usernameOf(email: string) {
  const user = await pool.identity<{ Username: string }>('AdminGetUser', {
    UserPoolId: POOL_ID,
    Username: email,
  });
  return user.Username;
}

/** Each answer named the pool's username, and the pool took it. */
async function expectAnsweredByUsername(email: string, challenges: string[]) {
  const username = await usernameOf(email);
  expect(username).not.toContain('@');
  expect(answers).toEqual(challenges.map((challenge) => ({ challenge, username, status: 200 })));
}

const latestCode = async (email: string, purpose: string) =>
  (await pool.outbox(email)).find((m) => m.purpose === purpose)?.code ?? '';

test('the authenticator code after the password', async () => {
  const email = address('names.app');
  const secret = await twoStepCreator(pool, email, PASSWORD);
  jar.clear();
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/login/mfa');
  const { generateSync } = await import('otplib');
  const answered = await runAction(auth.twoStepSignInAction, { code: generateSync({ secret }) });
  expect(answered.state?.message?.text).toBeUndefined();
  expect(answered.redirect).toBe('/');
  await expectAnsweredByUsername(email, ['PASSWORD_VERIFIER', 'SOFTWARE_TOKEN_MFA']);
});

test('the emailed code after the password, and the choice between two methods', async () => {
  const email = address('names.email');
  const secret = await twoStepCreator(pool, email, PASSWORD);
  // Email codes on too, neither preferred: Cognito asks which (SELECT_MFA_TYPE).
  await pool.identity('AdminSetUserMFAPreference', {
    UserPoolId: POOL_ID,
    Username: email,
    EmailMfaSettings: { Enabled: true, PreferredMfa: false },
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
  });
  expect(secret).toBeTruthy();
  jar.clear();
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/login/mfa/choose');
  expect((await runAction(auth.chooseTwoStepMethodAction, { method: 'EMAIL_OTP' })).redirect).toBe(
    '/login/mfa',
  );
  const answered = await runAction(auth.twoStepSignInAction, {
    code: await latestCode(email, 'mfa'),
  });
  expect(answered.state?.message?.text).toBeUndefined();
  expect(answered.redirect).toBe('/');
  await expectAnsweredByUsername(email, ['PASSWORD_VERIFIER', 'SELECT_MFA_TYPE', 'EMAIL_OTP']);
});

test("an invited creator's first sign-in sets a new password", async () => {
  const email = address('names.invited');
  await fetch(`${pool.creators.apiUrl}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await pool.identity('AdminCreateUser', {
    UserPoolId: POOL_ID,
    Username: email,
    TemporaryPassword: 'Temp!Pass42',
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  jar.clear();
  expect(await formSignIn(auth.signInAction, email, 'Temp!Pass42')).toBe('/login/new-password');
  const answered = await runAction(auth.newPasswordChallengeAction, {
    newPassword: PASSWORD,
    confirmNewPassword: PASSWORD,
  });
  expect(answered.state?.message?.text).toBeUndefined();
  expect(answered.redirect).toBe('/');
  await expectAnsweredByUsername(email, ['PASSWORD_VERIFIER', 'NEW_PASSWORD_REQUIRED']);
});

test("the profile's proof with an emailed code answers the sign-in that sent it", async () => {
  const email = address('names.proof');
  await confirmedCreator(pool, email, PASSWORD);
  await pool.identity('AdminSetUserMFAPreference', {
    UserPoolId: POOL_ID,
    Username: email,
    EmailMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  const sent = await cognito.reauthenticate(email, PASSWORD, '');
  if (!sent.ok || sent.value.type !== 'code-sent') throw new Error(JSON.stringify(sent));
  const { challenge, session, userId } = sent.value;
  const proven = await cognito.reauthenticate(email, PASSWORD, await latestCode(email, 'mfa'), {
    challenge,
    session,
    userId,
  });
  expect(proven.ok && proven.value.type).toBe('proven');
  await expectAnsweredByUsername(email, ['PASSWORD_VERIFIER', 'EMAIL_OTP']);
});

test('an answer naming the email is refused by the pool, as Cognito documents', async () => {
  const email = address('names.alias');
  const secret = await twoStepCreator(pool, email, PASSWORD);
  const started = await cognito.signIn(email, PASSWORD);
  if (!started.ok || started.value.type !== 'challenge') throw new Error(JSON.stringify(started));
  const { generateSync } = await import('otplib');
  const byAlias = await cognito.respondToChallenge(
    'SOFTWARE_TOKEN_MFA',
    started.value.session,
    { username: email, userId: email },
    generateSync({ secret }),
  );
  expect(byAlias.ok).toBe(false);
  expect(answers.at(-1)).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', username: email, status: 400 });
});
