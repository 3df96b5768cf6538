/**
 * @jest-environment ./local/identity/test-environment.ts
 */
/**
 * Second factors, case by case as Cognito documents them: text-message and email codes after the
 * password (SMS_MFA, EMAIL_OTP), the choice among several (SELECT_MFA_TYPE), SetUserMFAPreference
 * as Cognito shapes it, the number going with its codes, and a pool that requires MFA (MFA_SETUP).
 * The local pool; and a real pool with SMS and email MFA configured when
 * CONFORMANCE_MFA_USER_POOL_ID and CONFORMANCE_MFA_CLIENT_ID name one (it reads codes from the
 * outbox, so only the cases that need no code run there).
 */
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

import {
  AssociateSoftwareTokenCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
  DeleteUserAttributesCommand,
  GetUserCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  type SetUserMFAPreferenceCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import {
  answerName,
  createConfirmedUser,
  failure,
  hashParam,
  PASSWORD,
  realProfileConfig,
  signIn,
  startLocalTarget,
  startRealTarget,
  uniqueEmail,
  type PoolTarget,
} from './conformance-harness';

const PHONE = '+15555550123';

function mfaConformance(kind: 'local' | 'real', get: () => PoolTarget) {
  const itLocal = kind === 'local' ? it : it.skip;
  const t = () => get();

  const prefer = (
    accessToken: string,
    settings: Omit<SetUserMFAPreferenceCommandInput, 'AccessToken'>,
  ) => t().client.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, ...settings }));
  const getUser = (accessToken: string) =>
    t().client.send(new GetUserCommand({ AccessToken: accessToken }));
  const respond = (
    challenge: string,
    session: string | undefined,
    username: string,
    responses: Record<string, string>,
  ) =>
    t().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: t().clientId,
        ChallengeName: challenge as 'SMS_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: username, ...responses, ...hashParam(t(), username) },
      }),
    );
  const code = (to: string) => t().local!.code(to, 'mfa');

  /** A confirmed user with a phone number. */
  async function withPhone() {
    const user = await createConfirmedUser(t());
    await t().client.send(
      new UpdateUserAttributesCommand({
        AccessToken: user.tokens.AccessToken,
        UserAttributes: [{ Name: 'phone_number', Value: PHONE }],
      }),
    );
    return { ...user, access: user.tokens.AccessToken! };
  }

  it('refuses text-message codes for a user without a phone number', async () => {
    const user = await createConfirmedUser(t());
    const err = await failure(
      prefer(user.tokens.AccessToken!, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
    expect(err).toEqual({
      name: 'InvalidParameterException',
      message: 'User does not have delivery config set to turn on SMS_MFA',
    });
  });

  it('lists text-message codes as on and preferred after SetUserMFAPreference', async () => {
    const user = await withPhone();
    await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    const out = await getUser(user.access);
    expect(out.UserMFASettingList).toEqual(['SMS_MFA']);
    expect(out.PreferredMfaSetting).toBe('SMS_MFA');
  });

  itLocal(
    'asks for a text-message code after the password, sent by SMS to the number',
    async () => {
      const user = await withPhone();
      await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
      const first = await signIn(t(), user.email, user.password);
      expect(first.ChallengeName).toBe('SMS_MFA');
      expect(first.ChallengeParameters).toMatchObject({
        CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
        CODE_DELIVERY_DESTINATION: '+*******0123',
      });
      expect(first.AuthenticationResult).toBeUndefined();
      const [sent] = await t().local!.outbox(PHONE);
      expect(sent).toMatchObject({ channel: 'sms', purpose: 'mfa' });
      // A wrong code: Cognito's mismatch, and the same session still answers.
      const wrong = sent!.code === '000000' ? '111111' : '000000';
      expect(
        await failure(
          respond('SMS_MFA', first.Session, answerName(first, user.email), { SMS_MFA_CODE: wrong }),
        ),
      ).toEqual({
        name: 'CodeMismatchException',
        message: 'Invalid code received for user',
      });
      const done = await respond('SMS_MFA', first.Session, answerName(first, user.email), {
        SMS_MFA_CODE: sent!.code,
      });
      expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
      // The session answers once.
      const again = await failure(
        respond('SMS_MFA', first.Session, answerName(first, user.email), {
          SMS_MFA_CODE: sent!.code,
        }),
      );
      expect(again.name).toBe('NotAuthorizedException');
    },
  );

  itLocal('takes only the code sent for this sign-in: an earlier one is a mismatch', async () => {
    const user = await withPhone();
    await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    await signIn(t(), user.email, user.password);
    const earlier = await code(PHONE);
    const second = await signIn(t(), user.email, user.password);
    const latest = await code(PHONE);
    if (earlier !== latest) {
      const err = await failure(
        respond('SMS_MFA', second.Session, answerName(second, user.email), {
          SMS_MFA_CODE: earlier,
        }),
      );
      expect(err.name).toBe('CodeMismatchException');
    }
    const done = await respond('SMS_MFA', second.Session, answerName(second, user.email), {
      SMS_MFA_CODE: latest,
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  itLocal('refuses a challenge session answered for another user', async () => {
    const a = await withPhone();
    const b = await createConfirmedUser(t());
    await prefer(a.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    const first = await signIn(t(), a.email, a.password);
    const err = await failure(
      respond('SMS_MFA', first.Session, b.email, { SMS_MFA_CODE: await code(PHONE) }),
    );
    expect(err.name).toBe('NotAuthorizedException');
  });

  itLocal(
    'ends the challenge with the session: an answer after three minutes is refused',
    async () => {
      const user = await withPhone();
      await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
      const first = await signIn(t(), user.email, user.password);
      t().local!.advance(3 * 60_000 + 1000);
      const err = await failure(
        respond('SMS_MFA', first.Session, answerName(first, user.email), {
          SMS_MFA_CODE: await code(PHONE),
        }),
      );
      expect(err).toEqual({
        name: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      });
    },
  );

  itLocal('asks for an email code after the password where email MFA is on', async () => {
    const user = await createConfirmedUser(t());
    await prefer(user.tokens.AccessToken!, {
      EmailMfaSettings: { Enabled: true, PreferredMfa: true },
    });
    expect((await getUser(user.tokens.AccessToken!)).UserMFASettingList).toEqual(['EMAIL_OTP']);
    const first = await signIn(t(), user.email, user.password);
    expect(first.ChallengeName).toBe('EMAIL_OTP');
    expect(first.ChallengeParameters).toMatchObject({ CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL' });
    const [sent] = await t().local!.outbox(user.email);
    expect(sent).toMatchObject({ channel: 'email', purpose: 'mfa' });
    const done = await respond('EMAIL_OTP', first.Session, answerName(first, user.email), {
      EMAIL_OTP_CODE: sent!.code,
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  itLocal('offers a choice when several factors are on and none is preferred', async () => {
    const user = await withPhone();
    const { SecretCode } = await t().client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: user.access }),
    );
    await t().client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: user.access,
        // The pool's clock (an earlier case moved it on).
        UserCode: generateSync({
          secret: SecretCode!,
          ...(t().local ? { epoch: Math.floor(t().local!.now() / 1000) } : {}),
        }),
      }),
    );
    await prefer(user.access, {
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
      SMSMfaSettings: { Enabled: true, PreferredMfa: false },
    });
    const out = await getUser(user.access);
    expect(out.UserMFASettingList).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
    expect(out.PreferredMfaSetting).toBeUndefined();
    const first = await signIn(t(), user.email, user.password);
    expect(first.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(first.ChallengeParameters!.MFAS_CAN_CHOOSE!)).toEqual([
      'SMS_MFA',
      'SOFTWARE_TOKEN_MFA',
    ]);
    const bad = await failure(
      respond('SELECT_MFA_TYPE', first.Session, answerName(first, user.email), {
        ANSWER: 'EMAIL_OTP',
      }),
    );
    expect(bad.name).toBe('InvalidParameterException');
    const chosen = await respond('SELECT_MFA_TYPE', first.Session, answerName(first, user.email), {
      ANSWER: 'SMS_MFA',
    });
    expect(chosen.ChallengeName).toBe('SMS_MFA');
    const done = await respond(
      'SMS_MFA',
      chosen.Session,
      answerName(chosen, answerName(first, user.email)),
      {
        SMS_MFA_CODE: await code(PHONE),
      },
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    // Preferring one factor makes the other not preferred.
    await prefer(user.access, { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    const after = await getUser(user.access);
    expect(after.PreferredMfaSetting).toBe('SMS_MFA');
    expect(after.UserMFASettingList).toEqual(['SMS_MFA', 'SOFTWARE_TOKEN_MFA']);
  });

  it('turns text-message codes off with the phone number', async () => {
    const user = await withPhone();
    await prefer(user.access, { SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    await t().client.send(
      new DeleteUserAttributesCommand({
        AccessToken: user.access,
        UserAttributeNames: ['phone_number'],
      }),
    );
    const out = await getUser(user.access);
    expect(out.UserMFASettingList ?? []).not.toContain('SMS_MFA');
    const next = await signIn(t(), user.email, user.password);
    expect(next.ChallengeName).toBeUndefined();
    expect(next.AuthenticationResult?.AccessToken).toBeTruthy();
  });
}

describe('local identity service, second factors', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget({ deviceTracking: 'off' });
  });
  afterAll(async () => target.close());
  mfaConformance('local', () => target);
});

(realProfileConfig('mfa') ? describe : describe.skip)(
  'real Cognito, a pool with SMS and email MFA',
  () => {
    let target: PoolTarget;
    beforeAll(async () => {
      target = await startRealTarget('mfa');
    });
    afterAll(async () => target.close());
    mfaConformance('real', () => target);
  },
);

/** Where the pool requires MFA (local only: the setting is the pool's). */
describe('local identity service, MFA required', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget({ deviceTracking: 'off', mfa: 'required' });
  });
  afterAll(async () => target.close());
  const respond = (challenge: string, session: string | undefined, username: string, extra = {}) =>
    target.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: target.clientId,
        ChallengeName: challenge as 'MFA_SETUP',
        Session: session,
        ChallengeResponses: { USERNAME: username, ...extra },
      }),
    );

  /** A user signed up and confirmed by code (no first sign-in through a challenge). */
  async function signedUp(phone?: string) {
    const email = uniqueEmail('required');
    await target.client.send(
      new SignUpCommand({
        ClientId: target.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          ...(phone ? [{ Name: 'phone_number', Value: phone }] : []),
        ],
      }),
    );
    await target.client.send(
      new ConfirmSignUpCommand({
        ClientId: target.clientId,
        Username: email,
        ConfirmationCode: await target.local!.code(email, 'signup'),
      }),
    );
    return email;
  }

  it('has a user without MFA set up an authenticator app before tokens (MFA_SETUP)', async () => {
    const email = await signedUp();
    const first = await signIn(target, email, PASSWORD);
    expect(first.ChallengeName).toBe('MFA_SETUP');
    expect(JSON.parse(first.ChallengeParameters!.MFAS_CAN_SETUP!)).toEqual([
      'SMS_MFA',
      'SOFTWARE_TOKEN_MFA',
      'EMAIL_OTP',
    ]);
    const associated = await target.client.send(
      new AssociateSoftwareTokenCommand({ Session: first.Session }),
    );
    expect(associated.SecretCode).toMatch(/^[A-Z2-7]+$/);
    // Not yet proven with a code: completing the set-up is refused.
    const early = await failure(respond('MFA_SETUP', associated.Session, answerName(first, email)));
    expect(early.name).toBe('InvalidParameterException');
    const wrongCode = await failure(
      target.client.send(
        new VerifySoftwareTokenCommand({ Session: associated.Session, UserCode: '000000' }),
      ),
    );
    expect(wrongCode.name).toMatch(
      /EnableSoftwareTokenMFAException|CodeMismatchException|NotAuthorizedException/,
    );
    const again = await signIn(target, email, PASSWORD);
    const second = await target.client.send(
      new AssociateSoftwareTokenCommand({ Session: again.Session }),
    );
    const verified = await target.client.send(
      new VerifySoftwareTokenCommand({
        Session: second.Session,
        UserCode: generateSync({ secret: second.SecretCode! }),
        FriendlyDeviceName: 'Phone',
      }),
    );
    expect(verified.Status).toBe('SUCCESS');
    // Another user's name with this session is refused.
    const other = await signedUp();
    const stolen = await failure(respond('MFA_SETUP', verified.Session, other));
    expect(stolen.name).toBe('NotAuthorizedException');
    const done = await respond('MFA_SETUP', verified.Session, answerName(again, email));
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    const user = await target.client.send(
      new GetUserCommand({ AccessToken: done.AuthenticationResult!.AccessToken }),
    );
    expect(user.UserMFASettingList).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(user.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');
    // The last factor cannot be turned off where MFA is required.
    const off = await failure(
      target.client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: done.AuthenticationResult!.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      ),
    );
    expect(off.name).toBe('InvalidParameterException');
    expect((await signIn(target, email, PASSWORD)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it("sets email codes up at MFA_SETUP with the user's own address, as AWS's own client does", async () => {
    const email = await signedUp();
    const first = await signIn(target, email, PASSWORD);
    expect(first.ChallengeName).toBe('MFA_SETUP');
    // Another address is refused (unconfirmed: local/identity/README.md).
    const other = await failure(
      respond('MFA_SETUP', first.Session, answerName(first, email), {
        EMAIL: uniqueEmail('elsewhere'),
      }),
    );
    expect(other.name).toBe('InvalidParameterException');
    const again = await signIn(target, email, PASSWORD);
    const sent = await respond('MFA_SETUP', again.Session, answerName(again, email), {
      EMAIL: email.toUpperCase(),
    });
    expect(sent.ChallengeName).toBe('EMAIL_OTP');
    expect(sent.ChallengeParameters?.CODE_DELIVERY_DELIVERY_MEDIUM).toBe('EMAIL');
    const done = await respond(
      'EMAIL_OTP',
      sent.Session,
      answerName(sent, answerName(again, email)),
      {
        EMAIL_OTP_CODE: await target.local!.code(email, 'mfa'),
      },
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    const user = await target.client.send(
      new GetUserCommand({ AccessToken: done.AuthenticationResult!.AccessToken }),
    );
    expect(user.UserMFASettingList).toEqual(['EMAIL_OTP']);
    expect(user.PreferredMfaSetting).toBe('EMAIL_OTP');
    expect((await signIn(target, email, PASSWORD)).ChallengeName).toBe('EMAIL_OTP');
  });

  it('sends a text-message code to a user with a phone number and no MFA', async () => {
    const email = await signedUp('+15555550199');
    const first = await signIn(target, email, PASSWORD);
    expect(first.ChallengeName).toBe('SMS_MFA');
    const done = await respond('SMS_MFA', first.Session, answerName(first, email), {
      SMS_MFA_CODE: await target.local!.code('+15555550199', 'mfa'),
    });
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('local identity service, MFA factors the pool does not offer', () => {
  it('refuses email codes where the pool has no email MFA', async () => {
    const target = await startLocalTarget({
      deviceTracking: 'off',
      mfaFactors: ['SOFTWARE_TOKEN_MFA', 'SMS_MFA'],
    });
    try {
      const user = await createConfirmedUser(target);
      const err = await failure(
        target.client.send(
          new SetUserMFAPreferenceCommand({
            AccessToken: user.tokens.AccessToken,
            EmailMfaSettings: { Enabled: true },
          }),
        ),
      );
      expect(err).toEqual({
        name: 'InvalidParameterException',
        message: 'User does not have delivery config set to turn on EMAIL_OTP',
      });
    } finally {
      await target.close();
    }
  });
});
