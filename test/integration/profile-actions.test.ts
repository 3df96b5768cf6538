/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// The signed-in area's server actions against the real local identity service, started in this
// process on a free port. Only Next's request APIs (headers, cookies, revalidatePath) are stood in
// for; the identity service is the one the e2e tests use, so codes really land in its outbox.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { CLIENT_ID, POOL_ID } from '@/local/identity/config';
import { cookieJar as jar, setClientAddress } from '@/test/next-headers';
import { previousTotpCode } from '@/test/totp';
import { withLocalPool } from './harness';

type Actions = typeof import('@/lib/profile/account') &
  typeof import('@/lib/profile/email') &
  typeof import('@/lib/profile/passkeys') &
  typeof import('@/lib/profile/phone') &
  typeof import('@/lib/profile/two-step') &
  typeof import('@/lib/profile/verify-email');
let actions: Actions;
let session: typeof import('@/lib/session');
let cognito: typeof import('@/lib/cognito');

// Each test gets a client address of its own: per-address limits count this test's calls only.
const pool = withLocalPool();
const { identity, outbox } = pool;

beforeAll(async () => {
  actions = {
    ...(await import('@/lib/profile/account')),
    ...(await import('@/lib/profile/email')),
    ...(await import('@/lib/profile/passkeys')),
    ...(await import('@/lib/profile/phone')),
    ...(await import('@/lib/profile/two-step')),
    ...(await import('@/lib/profile/verify-email')),
  };
  session = await import('@/lib/session');
  cognito = await import('@/lib/cognito');
});

const PASSWORD = 'Sunny!Day42';
const LIMITED = /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/;
const CODES_LIMITED =
  /^You asked for several codes\. Use the newest one, or ask again in \d+ (seconds|minutes)\.$/;

const uniqueEmail = (prefix: string) => `${prefix}.${randomBytes(4).toString('hex')}@creator.test`;
const uniquePhone = () => `+1555${String(randomBytes(3).readUIntBE(0, 3) % 1e7).padStart(7, '0')}`;

/** A confirmed account, signed in through the app's own sign-in (its cookies in the jar). */
async function signedIn(attributes: Record<string, string> = {}) {
  const email = uniqueEmail('unit');
  await identity('SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const [signup] = await outbox(email);
  await identity('ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: signup!.code,
  });
  if (Object.keys(attributes).length > 0) {
    await identity('AdminUpdateUserAttributes', {
      UserPoolId: POOL_ID,
      Username: email,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    });
  }
  await signInAgain(email);
  return { email };
}

async function signInAgain(email: string) {
  const result = await cognito.signIn(email, PASSWORD);
  if (!result.ok || result.value.type !== 'signed-in') throw new Error('sign-in failed');
  jar.clear();
  await session.writeTokens(
    { set: (name: string, value: string) => void jar.set(name, value) },
    result.value.tokens,
  );
}

function form(entries: [string, string | string[]][]): FormData {
  const fd = new FormData();
  for (const [k, v] of entries) for (const x of [v].flat()) fd.append(k, x);
  return fd;
}
const digits = (code: string) => code.split('');
const idle = { status: 'idle' } as const;

describe('sending codes is limited per account and per client address', () => {
  test('a sixth email code in a row from one session is refused, and no sixth code is sent', async () => {
    const { email } = await signedIn();
    for (let i = 0; i < 5; i++) {
      expect(await actions.sendEmailCodeAction()).toMatchObject({ status: 'success' });
    }
    const refused = await actions.sendEmailCodeAction();
    expect(refused).toEqual({
      status: 'error',
      message: { text: expect.stringMatching(CODES_LIMITED) },
    });
    const codes = (await outbox(email)).filter((m) => m.purpose === 'verify-email');
    expect(codes).toHaveLength(5);
    // Another client address does not reset the account's count.
    setClientAddress('198.51.100.250');
    expect(await actions.sendEmailCodeAction()).toMatchObject({ status: 'error' });
    expect((await outbox(email)).filter((m) => m.purpose === 'verify-email')).toHaveLength(5);
  });

  test('text messages: three per account, then refused; the number gets no fourth', async () => {
    const phone = uniquePhone();
    await signedIn({ phone_number: phone });
    // Setting the number (an admin call here) sent one text already; count from there.
    const before = (await outbox(phone)).length;
    for (let i = 0; i < 3; i++) {
      expect(await actions.resendPhoneCodeAction()).toMatchObject({ status: 'success' });
    }
    const refused = await actions.resendPhoneCodeAction();
    expect(refused).toEqual({
      status: 'error',
      message: { text: expect.stringMatching(CODES_LIMITED) },
    });
    expect((await outbox(phone)).length - before).toBe(3);
  });

  test('text messages: ten an hour from one client address, whichever accounts ask', async () => {
    const phones: string[] = [];
    let before = 0;
    let sent = 0;
    let refusedAt = -1;
    for (let account = 0; account < 4 && refusedAt < 0; account++) {
      const phone = uniquePhone();
      phones.push(phone);
      await signedIn({ phone_number: phone });
      before += (await outbox(phone)).length;
      for (let i = 0; i < 3; i++) {
        const answer = await actions.resendPhoneCodeAction();
        if (answer.status !== 'success') {
          expect(answer.message?.text).toMatch(CODES_LIMITED);
          refusedAt = sent;
          break;
        }
        sent++;
      }
    }
    expect(refusedAt).toBe(10);
    let delivered = 0;
    for (const phone of phones) delivered += (await outbox(phone)).length;
    expect(delivered - before).toBe(10);
  });

  test('a new phone number counts as a text, and so does asking again for the same one', async () => {
    await signedIn();
    const numbers = [uniquePhone(), uniquePhone(), uniquePhone(), uniquePhone()];
    const answers = [];
    for (const phone of numbers) {
      answers.push(
        await actions.requestPhoneChangeAction(
          idle,
          form([
            ['phoneNo', phone],
            ['currentPassword', PASSWORD],
          ]),
        ),
      );
    }
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual(['success', 'success', 'success']);
    expect(answers[3]).toMatchObject({
      status: 'error',
      message: { text: expect.stringMatching(CODES_LIMITED) },
      values: { phoneNo: numbers[3] },
    });
    expect(await outbox(numbers[3]!)).toEqual([]);
  });

  test('checking codes: the sixteenth try in a row from one session is refused', async () => {
    await signedIn();
    const answers = [];
    for (let i = 0; i < 16; i++) {
      answers.push(
        await actions.verifyEmailAttributeAction(idle, form([['code', digits('000000')]])),
      );
    }
    for (const answer of answers.slice(0, 15)) {
      expect(JSON.stringify(answer)).not.toMatch(/Too many attempts\. Please try again in/);
    }
    expect(answers[15]).toEqual({
      status: 'error',
      message: { text: expect.stringMatching(LIMITED) },
    });
  });
});

const REAUTH = 'Please confirm your password again: close this window and start over.';

/**
 * Turns on authenticator-app two-step for the account, as a phone would; answers the secret and
 * the code that setup used up.
 */
async function enableTotp(email: string) {
  const auth = await identity<{ AuthenticationResult: { AccessToken: string } }>('InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: PASSWORD },
  });
  const AccessToken = auth.AuthenticationResult.AccessToken;
  const { SecretCode } = await identity<{ SecretCode: string }>('AssociateSoftwareToken', {
    AccessToken,
  });
  // The step before's code (previousTotpCode): the current one stays free for the test.
  const used = await previousTotpCode(SecretCode);
  await identity('VerifySoftwareToken', { AccessToken, UserCode: used });
  await identity('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return { secret: SecretCode, used };
}

/** The next authenticator code not yet used (Cognito refuses a code twice). */
async function nextCode(secret: string, used: string[]) {
  const { generateSync } = await import('otplib');
  for (;;) {
    const code = generateSync({ secret });
    if (!used.includes(code)) return code;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Rewrites the session cookie as if the password had been proved `ago` seconds back. */
async function provedAgo(ago: number) {
  const { sealAs } = await import('@/lib/session/seal');
  const { getEnv } = await import('@/lib/runtime/env');
  const current = await session.verifySession();
  if (!current?.reauthAt) throw new Error('no proof in the session');
  const at = Math.floor(Date.now() / 1000) - ago;
  jar.set('cd_session', await sealAs('session', { ...current, reauthAt: at }, getEnv()));
}

const emailForm = (email: string, password?: string, code?: string) =>
  form([
    ['email', email],
    ...(password === undefined ? [] : [['currentPassword', password] as [string, string]]),
    ...(code === undefined ? [] : [['code', digits(code)] as [string, string[]]]),
  ]);

describe('changing email, phone or two-step needs the password again (ASVS 3.7.1)', () => {
  test('an email change without the password is refused, and nothing is sent', async () => {
    const { email } = await signedIn();
    const fresh = uniqueEmail('thief');
    const answer = await actions.requestEmailChangeAction(idle, emailForm(fresh));
    expect(answer).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Current password is required' }] },
      values: { email: fresh },
    });
    expect(await outbox(fresh)).toEqual([]);
    expect((await session.verifySession())?.claims.email).toBe(email);
  });

  test('a wrong password: on the password field, the typed email kept, the password never echoed', async () => {
    await signedIn();
    const fresh = uniqueEmail('typo');
    const answer = await actions.requestEmailChangeAction(idle, emailForm(fresh, 'Wrong!Pass9'));
    expect(answer).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Incorrect old password' }] },
      values: { email: fresh },
    });
    expect(JSON.stringify(answer)).not.toContain('Wrong!Pass9');
    expect(await outbox(fresh)).toEqual([]);
    expect((await session.verifySession())?.reauthAt).toBeUndefined();
  });

  test('with the password the code goes to the new address, and the proof is kept in the session', async () => {
    await signedIn();
    const fresh = uniqueEmail('moved');
    const before = Math.floor(Date.now() / 1000);
    const answer = await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    expect(answer).toMatchObject({ status: 'success', data: { step: 'verify', email: fresh } });
    expect(answer.values).toEqual({ email: fresh });
    expect((await outbox(fresh)).map((m) => m.purpose)).toEqual(['verify-email']);
    const now = await session.verifySession();
    expect(now?.reauthAt).toBeGreaterThanOrEqual(before);
    expect(await session.getEmailChange(now!)).toBe(fresh);
  });

  test('Send Again goes only to the address the proven request named', async () => {
    await signedIn();
    const fresh = uniqueEmail('asked');
    const other = uniqueEmail('elsewhere');
    await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    const pointed = await actions.resendEmailChangeCodeAction(other);
    expect(pointed).toEqual({
      status: 'error',
      message: { text: 'We can only send a new code to the address you asked for.' },
    });
    expect(await outbox(other)).toEqual([]);
    expect(await actions.resendEmailChangeCodeAction(fresh.toUpperCase())).toEqual({
      status: 'success',
      message: { text: `We sent a new code to ${fresh}.` },
    });
    expect(await outbox(fresh)).toHaveLength(2);
  });

  test('Send Again with no proven request, or one more than 10 minutes old, is refused', async () => {
    await signedIn();
    const target = uniqueEmail('never');
    expect(await actions.resendEmailChangeCodeAction(target)).toEqual({
      status: 'error',
      message: { text: REAUTH },
    });
    expect(await outbox(target)).toEqual([]);

    const fresh = uniqueEmail('later');
    await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    await provedAgo(9 * 60);
    expect(await actions.resendEmailChangeCodeAction(fresh)).toMatchObject({ status: 'success' });
    await provedAgo(10 * 60 + 1);
    expect(await actions.resendEmailChangeCodeAction(fresh)).toEqual({
      status: 'error',
      message: { text: REAUTH },
    });
    expect(await outbox(fresh)).toHaveLength(2);
  });

  test('a session whose email names another account cannot borrow that account’s proof', async () => {
    await signedIn();
    const current = await session.verifySession();
    const other = await signedIn();
    // The victim's session, claiming the other account's address: the proof signs in as the other.
    const { sealAs } = await import('@/lib/session/seal');
    const { getEnv } = await import('@/lib/runtime/env');
    jar.set(
      'cd_session',
      await sealAs(
        'session',
        { ...current!, claims: { ...current!.claims, email: other.email } },
        getEnv(),
      ),
    );
    const fresh = uniqueEmail('borrowed');
    const answer = await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    expect(answer).toMatchObject({ status: 'error', message: { text: 'System Error Occured' } });
    expect(await outbox(fresh)).toEqual([]);
    expect((await session.verifySession())?.reauthAt).toBeUndefined();
  });

  test('a phone change without the password is refused, and no text goes out', async () => {
    await signedIn();
    const phone = uniquePhone();
    const answer = await actions.requestPhoneChangeAction(idle, form([['phoneNo', phone]]));
    expect(answer).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Current password is required' }] },
      values: { phoneNo: phone },
    });
    const wrong = await actions.requestPhoneChangeAction(
      idle,
      form([
        ['phoneNo', phone],
        ['currentPassword', 'Wrong!Pass9'],
      ]),
    );
    expect(wrong).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Incorrect old password' }] },
      values: { phoneNo: phone },
    });
    expect(await outbox(phone)).toEqual([]);
  });

  test('authenticator setup makes no key before the password, and turning it on needs a fresh proof', async () => {
    await signedIn();
    const none = await actions.startAuthenticatorSetupAction(idle, form([]));
    expect(none).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Current password is required' }] },
      values: {},
    });
    const wrong = await actions.startAuthenticatorSetupAction(
      idle,
      form([['currentPassword', 'Wrong!Pass9']]),
    );
    expect(wrong).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Incorrect old password' }] },
      values: {},
    });

    const started = await actions.startAuthenticatorSetupAction(
      idle,
      form([['currentPassword', PASSWORD]]),
    );
    expect(started).toMatchObject({ status: 'success', data: { secret: expect.any(String) } });
    const secret = started.data!.secret!;
    const code = await nextCode(secret, []);
    await provedAgo(10 * 60 + 1);
    expect(
      await actions.confirmAuthenticatorSetupAction(idle, form([['code', digits(code)]])),
    ).toEqual({
      status: 'error',
      message: { text: REAUTH },
    });
    await provedAgo(60);
    const on = await actions.confirmAuthenticatorSetupAction(idle, form([['code', digits(code)]]));
    expect(on.status).toBe('success');
    // Ten recovery codes, once, in the answer only (decision 046).
    expect(on.data?.codes?.split('\n')).toHaveLength(10);
  });

  test('with two-step on, the proof asks for a current code too', async () => {
    const { email } = await signedIn();
    const { secret, used } = await enableTotp(email);
    const fresh = uniqueEmail('twostep');
    const noCode = await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    expect(noCode).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text: 'Enter the 6-digit code from your authenticator app.' }] },
      values: { email: fresh },
    });
    const right = await nextCode(secret, [used]);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await actions.requestEmailChangeAction(
      idle,
      emailForm(fresh, PASSWORD, wrongCode),
    );
    expect(wrong).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text: 'Invalid verification code.' }] },
      values: { email: fresh },
    });
    expect(await outbox(fresh)).toEqual([]);
    const ok = await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD, right));
    expect(ok).toMatchObject({ status: 'success', data: { step: 'verify', email: fresh } });
  }, 60_000); // waits for a fresh 30-second code window

  test('with the authenticator app on, a session alone cannot add a code method or move which is asked first', async () => {
    const { email } = await signedIn();
    const { secret, used } = await enableTotp(email);
    const needed = { status: 'idle', data: { proof: 'needed' } };
    expect(await actions.turnOnCodeMethodAction('EMAIL_OTP')).toEqual(needed);
    expect(await actions.preferMethodAction('SOFTWARE_TOKEN_MFA')).toEqual(needed);
    // The password and a current code from the app, then the change goes through.
    const code = await nextCode(secret, [used]);
    const proved = await actions.proveTwoStepChangeAction(
      idle,
      form([
        ['currentPassword', PASSWORD],
        ['code', digits(code)],
      ]),
    );
    expect(proved).toEqual({ status: 'success' });
    expect(await actions.turnOnCodeMethodAction('EMAIL_OTP')).toEqual({ status: 'success' });
    // The proof was for that change, and is spent on it: the next asks again.
    expect(await actions.preferMethodAction('EMAIL_OTP')).toEqual(needed);
  }, 60_000);

  test('a proof made for another change does not move which two-step method is asked first', async () => {
    const { email } = await signedIn();
    const { secret, used } = await enableTotp(email);
    // The password and a code, proved for an email change.
    const fresh = uniqueEmail('other');
    const code = await nextCode(secret, [used]);
    expect(
      await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD, code)),
    ).toMatchObject({ status: 'success' });
    expect(await actions.turnOnCodeMethodAction('EMAIL_OTP')).toEqual({
      status: 'idle',
      data: { proof: 'needed' },
    });
    expect(await actions.preferMethodAction('SOFTWARE_TOKEN_MFA')).toEqual({
      status: 'idle',
      data: { proof: 'needed' },
    });
  }, 60_000);

  test('guesses at the current password in a password change count like sign-in failures', async () => {
    const { email } = await signedIn();
    const limits = await import('@/lib/http/rate-limit');
    const guess = (current: string) =>
      actions.changePasswordAction(
        idle,
        form([
          ['currentPassword', current],
          ['newPassword', 'Brand!New42'],
          ['confirmNewPassword', 'Brand!New42'],
        ]),
      );
    // Three wrong guesses here, seven failed sign-ins from the same address: ten failures.
    for (let i = 0; i < 3; i++) expect((await guess(`Wrong!Pass${i}`)).status).toBe('error');
    for (let i = 0; i < 7; i++) await limits.recordFailure('signIn', email);
    // The next guess is refused before it reaches Cognito, the right password included.
    expect(await guess(PASSWORD)).toEqual({
      status: 'error',
      message: { text: expect.stringMatching(LIMITED) },
    });
  });

  test('turning two-step off shows a wrong password on the password field', async () => {
    const { email } = await signedIn();
    const { secret, used } = await enableTotp(email);
    const code = await nextCode(secret, [used]);
    const answer = await actions.turnOffTwoStepAction(
      idle,
      form([
        ['currentPassword', 'Wrong!Pass9'],
        ['code', digits(code)],
      ]),
    );
    expect(answer).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Incorrect old password' }] },
      values: {},
    });
  }, 60_000);
});

describe('a pending email change', () => {
  test('cancelled: the code sent to the new address is refused, and the email stays', async () => {
    const { email } = await signedIn();
    const fresh = uniqueEmail('cancelled');
    await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    const [sent] = await outbox(fresh);
    const pending = await session.verifySession();
    expect(await session.getEmailChange(pending!)).toBe(fresh);
    expect(await actions.cancelEmailChangeAction()).toEqual({ status: 'success' });
    expect(await session.getEmailChange(pending!)).toBeNull();
    const refused = await actions.verifyEmailChangeAction(
      idle,
      form([
        ['email', fresh],
        ['code', digits(sent!.code)],
      ]),
    );
    expect(refused).toEqual({
      status: 'error',
      message: {
        text: 'This email change was cancelled or has ended. To change your email, start again.',
      },
    });
    expect((await session.verifySession())?.claims.email).toBe(email);
  });
});

describe('the old address is told about an email change', () => {
  test('after the new address is verified, a notice goes to the old one', async () => {
    const { email } = await signedIn();
    const fresh = uniqueEmail('verified');
    await actions.requestEmailChangeAction(idle, emailForm(fresh, PASSWORD));
    const [sent] = await outbox(fresh);
    expect(await outbox(email)).not.toContainEqual(
      expect.objectContaining({ purpose: 'email-changed' }),
    );
    const done = await actions.verifyEmailChangeAction(
      idle,
      form([
        ['email', fresh],
        ['code', digits(sent!.code)],
      ]),
    );
    expect(done).toEqual({ status: 'success' });
    const [notice] = await outbox(email);
    expect(notice).toMatchObject({
      to: email,
      channel: 'email',
      purpose: 'email-changed',
      code: '',
    });
    expect(await outbox(fresh)).toHaveLength(1);
    const now = await session.verifySession();
    expect(now?.claims.email).toBe(fresh);
    // The change is done: Send Again has no address to go to any more.
    expect(await session.getEmailChange(now!)).toBeNull();
    expect(await actions.resendEmailChangeCodeAction(fresh)).toEqual({
      status: 'error',
      message: { text: REAUTH },
    });
  });
});

describe('an account that signs in with Google', () => {
  it('cannot change what Google holds: each such action refuses before asking Cognito', async () => {
    const { email } = await signedIn({ name: 'Before' });
    const result = await cognito.signIn(email, PASSWORD);
    if (!result.ok || result.value.type !== 'signed-in') throw new Error('sign-in failed');
    const { tokens } = result.value;
    // The same account's tokens, in a session that says it came through Google.
    jar.clear();
    await session.writeTokens(
      { set: (name: string, value: string) => void jar.set(name, value) },
      { ...tokens, claims: { ...tokens.claims, provider: 'Google', username: 'Google_1' } },
    );
    const { FLOW_MSG } = await import('@/lib/messages');
    const refused = { status: 'error', message: { text: FLOW_MSG.federatedSetting } };
    expect(await actions.updateNameAction(idle, form([['name', 'After']]))).toEqual(refused);
    expect(
      await actions.changePasswordAction(
        idle,
        form([
          ['currentPassword', PASSWORD],
          ['newPassword', 'Other!Day43'],
          ['confirmNewPassword', 'Other!Day43'],
        ]),
      ),
    ).toEqual(refused);
    expect(
      await actions.requestEmailChangeAction(
        idle,
        form([
          ['email', uniqueEmail('new')],
          ['currentPassword', PASSWORD],
        ]),
      ),
    ).toEqual(refused);
    expect(
      await actions.requestPhoneChangeAction(
        idle,
        form([
          ['phoneNo', uniquePhone()],
          ['currentPassword', PASSWORD],
        ]),
      ),
    ).toEqual(refused);
    expect(await actions.startPasskeyAction()).toEqual(refused);
    expect(await actions.removePasskeyAction('x')).toEqual(refused);
    // Nothing reached Cognito: the name is as it was.
    const user = await cognito.getUser(tokens.accessToken);
    expect(user.ok && user.value.name).toBe('Before');
  });
});
