import 'server-only';
import {
  AssociateSoftwareTokenCommand,
  GetUserCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito, secretHash } from './client';
import {
  type SignInContext,
  attempt,
  clientId,
  contextParameters,
  poolName,
  userContextData,
} from './shared';
import { outcome, proveDevice } from './sign-in';

export type MfaMethod = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';
export const MFA_METHODS: readonly MfaMethod[] = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'];
export const isMethod = (v: unknown): v is MfaMethod => MFA_METHODS.includes(v as MfaMethod);

export const MFA_SETTINGS_KEY = {
  SOFTWARE_TOKEN_MFA: 'SoftwareTokenMfaSettings',
  SMS_MFA: 'SMSMfaSettings',
  EMAIL_OTP: 'EmailMfaSettings',
} as const satisfies Record<MfaMethod, string>;

export type MfaSettings = { methods: MfaMethod[]; preferred?: MfaMethod };

export function getMfaSettings(accessToken: string) {
  return attempt('getUser', async (): Promise<MfaSettings> => {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    const methods = MFA_METHODS.filter(
      (m) => (out.UserMFASettingList ?? []).includes(m) || out.PreferredMfaSetting === m,
    );
    const preferred = isMethod(out.PreferredMfaSetting) ? out.PreferredMfaSetting : undefined;
    return { methods, ...(preferred ? { preferred } : {}) };
  });
}

export function setMfaMethod(
  accessToken: string,
  method: Exclude<MfaMethod, 'SOFTWARE_TOKEN_MFA'>,
  enabled: boolean,
  preferred?: MfaMethod,
) {
  return attempt(
    !enabled ? 'mfaMethodOff' : method === 'SMS_MFA' ? 'textCodesOn' : 'emailCodesOn',
    async () => {
      await cognito().send(
        new SetUserMFAPreferenceCommand({
          AccessToken: accessToken,
          [MFA_SETTINGS_KEY[method]]: {
            Enabled: enabled,
            PreferredMfa: enabled && preferred === method,
          },
        }),
      );
    },
  );
}

export function preferMfaMethod(accessToken: string, method: MfaMethod) {
  const context =
    method === 'SMS_MFA' ? 'textCodesOn' : method === 'EMAIL_OTP' ? 'emailCodesOn' : 'mfaMethod';
  return attempt(context, async () => {
    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        [MFA_SETTINGS_KEY[method]]: { Enabled: true, PreferredMfa: true },
      }),
    );
  });
}

export function associateForSetup(session: string) {
  return attempt('mfaSetup', async () => {
    const out = await cognito().send(new AssociateSoftwareTokenCommand({ Session: session }));
    if (!out.SecretCode || !out.Session)
      throw new Error('AssociateSoftwareToken answered no secret');
    return { secret: out.SecretCode, session: out.Session };
  });
}

export function completeMfaSetup(
  session: string,
  who: { username: string; userId: string },
  code: string,
  deviceName: string,
  context?: SignInContext,
) {
  return attempt('mfaSetup', async () => {
    const verified = await cognito().send(
      new VerifySoftwareTokenCommand({
        Session: session,
        UserCode: code,
        FriendlyDeviceName: deviceName,
      }),
    );
    if (verified.Status !== 'SUCCESS' || !verified.Session)
      throw new Error(`VerifySoftwareToken answered ${verified.Status ?? 'no status'}`);
    return answerSetup(verified.Session, who, {}, context);
  });
}

/**
 * MFA_SETUP answered with the account's email instead of an app: Cognito emails a code and asks
 * for it (EMAIL_OTP); answered, email codes are on (RespondToAuthChallenge's MFA_SETUP, and AWS's
 * own client, amplify-js handleMFASetupChallenge: ChallengeResponses USERNAME and EMAIL).
 */
export function setUpEmailCodes(
  session: string,
  who: { username: string; userId: string },
  email: string,
  context?: SignInContext,
) {
  return attempt('mfaSetup', () => answerSetup(session, who, { EMAIL: email }, context));
}

/** MFA_SETUP's answer, by the pool's username (lib/cognito/shared.ts, poolName). */
async function answerSetup(
  session: string,
  who: { username: string; userId: string },
  responses: Record<string, string>,
  context: SignInContext | undefined,
) {
  const hash = secretHash(who.userId);
  const out = await cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'MFA_SETUP',
      Session: session,
      ChallengeResponses: {
        USERNAME: who.userId,
        ...responses,
        ...contextParameters(context),
        ...(hash ? { SECRET_HASH: hash } : {}),
      },
      ...userContextData(context),
    }),
  );
  const userId = poolName(out.ChallengeParameters, who.userId);
  return outcome(await proveDevice(out, userId, context), who.username, userId);
}

export function associateSoftwareToken(accessToken: string) {
  return attempt('mfaSetup', async () => {
    const out = await cognito().send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    if (!out.SecretCode) throw new Error('AssociateSoftwareToken answered no secret');
    return out.SecretCode;
  });
}

/** Enabling MFA is a separate call (setSoftwareTokenMfa). */
export function verifySoftwareToken(accessToken: string, code: string, deviceName: string) {
  return attempt('mfaSetup', async () => {
    const out = await cognito().send(
      new VerifySoftwareTokenCommand({
        AccessToken: accessToken,
        UserCode: code,
        FriendlyDeviceName: deviceName,
      }),
    );
    if (out.Status !== 'SUCCESS')
      throw new Error(`VerifySoftwareToken answered ${out.Status ?? 'no status'}`);
  });
}

export function setSoftwareTokenMfa(accessToken: string, enabled: boolean) {
  return attempt('mfaSetup', async () => {
    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        SoftwareTokenMfaSettings: { Enabled: enabled, PreferredMfa: enabled },
      }),
    );
  });
}

/**
 * Passkey MFA for this account (WebAuthnMfaSettings): "the user's passkey authentication requires
 * user verification, and passkey sign-in is available when MFA is required". Needs the pool's
 * MULTI_FACTOR_WITH_USER_VERIFICATION and, to turn on, another method on.
 */
export function setPasskeyMfa(accessToken: string, enabled: boolean) {
  return attempt('mfaSetup', async () => {
    await cognito().send(
      new SetUserMFAPreferenceCommand({
        AccessToken: accessToken,
        WebAuthnMfaSettings: { Enabled: enabled },
      }),
    );
  });
}
