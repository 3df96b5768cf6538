import 'server-only';
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  ListDevicesCommand,
  UpdateDeviceStatusCommand,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  StartWebAuthnRegistrationCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
  type AuthenticationResultType,
  type DeviceType,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { cognito, secretHash } from './client';
import { deviceVerifier, startDeviceProof, startPasswordProof } from './srp';
import { toAuthFailure, type AuthContext, type AuthFailure } from './errors';

/**
 * The adapter: one small function per Cognito operation, wire types in, app types out.
 * Nothing outside lib/cognito imports the SDK.
 */

export type Result<T> = { ok: true; value: T } | { ok: false; failure: AuthFailure };

import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import type { UserClaims } from '@/lib/claims';

export { CHANNEL_ATTRIBUTE };

export type { UserClaims };

export type Tokens = {
  accessToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  refreshToken?: string;
  /** The device these tokens were issued to (the access token's `device_key`), if tracked. */
  deviceKey?: string;
  claims: UserClaims;
};

/** A device Cognito tracks for a browser: its key, its group's key, and the secret only we hold. */
export type DeviceCredentials = { key: string; groupKey: string; secret: string };
/** A device Cognito has just issued to a sign-in (NewDeviceMetadata), not yet confirmed. */
export type NewDevice = { key: string; groupKey: string };

/**
 * What a sign-in carries besides the credentials: this browser's device (so a remembered device
 * is recognised, and skips the two-step code where the pool allows it) and the person's address
 * (so the pool's records of devices and sign-ins name it, not this server's).
 */
export type SignInContext = { device?: DeviceCredentials; ip?: string };

export type SignInOutcome =
  | { type: 'signed-in'; tokens: Tokens; newDevice?: NewDevice }
  | {
      type: 'challenge';
      challenge: string;
      session: string;
      username: string;
      /** What the challenge needs (e.g. WEB_AUTHN's CREDENTIAL_REQUEST_OPTIONS). */
      parameters?: Record<string, string>;
    };

async function attempt<T>(context: AuthContext, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, context, getEnv().SUPPORT_EMAIL) };
  }
}

const clientId = () => getEnv().COGNITO_CLIENT_ID;
const bool = (v: unknown) => v === true || v === 'true';
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

export function claimsFromIdToken(idToken: string): UserClaims {
  const c = decodeJwt(idToken);
  const sub = str(c.sub);
  const email = str(c.email);
  if (!sub || !email) throw new Error('id token without sub or email');
  const username = str(c['cognito:username']);
  return {
    sub,
    email,
    emailVerified: bool(c.email_verified),
    name: str(c.name),
    phoneNumber: str(c.phone_number),
    phoneNumberVerified: bool(c.phone_number_verified),
    channelId: str(c[CHANNEL_ATTRIBUTE]),
    ...(username ? { username } : {}),
    ...(providerOf(c.identities) ? { provider: 'Google' as const } : {}),
  };
}

/** The identity provider an id token's `identities` claim names, when it is one the product knows. */
function providerOf(identities: unknown): 'Google' | undefined {
  if (!Array.isArray(identities)) return undefined;
  return identities.some(
    (i) =>
      typeof i === 'object' &&
      i !== null &&
      (i as { providerName?: unknown }).providerName === 'Google',
  )
    ? 'Google'
    : undefined;
}

export function claimsFromAttributes(
  attributes: { Name?: string; Value?: string }[],
): Omit<UserClaims, 'sub'> & { sub?: string } {
  const a = Object.fromEntries(attributes.map((x) => [x.Name ?? '', x.Value ?? '']));
  return {
    sub: str(a.sub),
    email: a.email ?? '',
    emailVerified: bool(a.email_verified),
    name: str(a.name),
    phoneNumber: str(a.phone_number),
    phoneNumberVerified: bool(a.phone_number_verified),
    channelId: str(a[CHANNEL_ATTRIBUTE]),
  };
}

export function tokensFrom(
  result: AuthenticationResultType | undefined,
  refreshToken?: string,
): Tokens {
  if (!result?.AccessToken || !result.IdToken)
    throw new Error('authentication result without tokens');
  const access = decodeJwt(result.AccessToken);
  const exp = access.exp;
  const accessExpiresAt =
    typeof exp === 'number' ? exp : Math.floor(Date.now() / 1000) + (result.ExpiresIn ?? 3600);
  const deviceKey = str(access.device_key);
  return {
    accessToken: result.AccessToken,
    accessExpiresAt,
    refreshToken: result.RefreshToken ?? refreshToken,
    ...(deviceKey ? { deviceKey } : {}),
    claims: claimsFromIdToken(result.IdToken),
  };
}

/** The parts of a sign-in request that carry the context: the device key and the address. */
function contextParameters(context: SignInContext | undefined): Record<string, string> {
  return context?.device ? { DEVICE_KEY: context.device.key } : {};
}
function userContextData(context: SignInContext | undefined) {
  return context?.ip ? { UserContextData: { IpAddress: context.ip } } : {};
}

/**
 * A remembered device proves itself (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER) where the
 * pool asks, instead of the two-step code. Any other answer passes through as it came.
 */
async function proveDevice(
  out: InitiateAuthCommandOutput,
  username: string,
  context: SignInContext | undefined,
): Promise<InitiateAuthCommandOutput> {
  if (out.ChallengeName !== 'DEVICE_SRP_AUTH') return out;
  const device = context?.device;
  if (!device) throw new Error('DEVICE_SRP_AUTH for a sign-in that named no device');
  try {
    return await deviceSteps(out, username, device, context);
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    log.warn('auth.device_proof_failed', {
      reason: typeof name === 'string' ? name : 'unknown',
      detail: error instanceof Error ? error.message.slice(0, 120) : undefined,
    });
    // The pool refused this device's proof (a secret that no longer matches, a forgotten device):
    // told apart from a wrong password, so the sign-in can go on as on a new device.
    if (name === 'NotAuthorizedException' || name === 'ResourceNotFoundException')
      throw Object.assign(new Error('the device proof was refused'), {
        name: 'DeviceNotRecognized',
      });
    throw error;
  }
}

async function deviceSteps(
  out: InitiateAuthCommandOutput,
  username: string,
  device: DeviceCredentials,
  context: SignInContext | undefined,
): Promise<InitiateAuthCommandOutput> {
  // Cognito names the user for the device steps by its username (USERNAME in the challenge).
  const name = out.ChallengeParameters?.USERNAME ?? username;
  const hash = secretHash(name);
  const proof = await startDeviceProof(device);
  const verifier = await cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: out.Session,
      ChallengeResponses: {
        USERNAME: name,
        DEVICE_KEY: device.key,
        SRP_A: proof.srpA,
        ...(hash ? { SECRET_HASH: hash } : {}),
      },
      ...userContextData(context),
    }),
  );
  if (verifier.ChallengeName !== 'DEVICE_PASSWORD_VERIFIER')
    throw new Error(`DEVICE_SRP_AUTH answered ${verifier.ChallengeName ?? 'tokens'}`);
  const { signature, timestamp } = await proof.answer(verifier.ChallengeParameters ?? {});
  return cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
      Session: verifier.Session,
      ChallengeResponses: {
        USERNAME: name,
        DEVICE_KEY: device.key,
        PASSWORD_CLAIM_SECRET_BLOCK: verifier.ChallengeParameters?.SECRET_BLOCK ?? '',
        PASSWORD_CLAIM_SIGNATURE: signature,
        TIMESTAMP: timestamp,
        ...(hash ? { SECRET_HASH: hash } : {}),
      },
      ...userContextData(context),
    }),
  );
}

function outcome(out: InitiateAuthCommandOutput, username: string): SignInOutcome {
  if (out.ChallengeName) {
    return {
      type: 'challenge',
      challenge: out.ChallengeName,
      session: out.Session ?? '',
      username,
      ...(out.ChallengeParameters ? { parameters: out.ChallengeParameters } : {}),
    };
  }
  const meta = out.AuthenticationResult?.NewDeviceMetadata;
  return {
    type: 'signed-in',
    tokens: tokensFrom(out.AuthenticationResult),
    ...(meta?.DeviceKey && meta.DeviceGroupKey
      ? { newDevice: { key: meta.DeviceKey, groupKey: meta.DeviceGroupKey } }
      : {}),
  };
}

/**
 * The password step of a sign-in by SRP (USER_SRP_AUTH, then PASSWORD_VERIFIER): the flow AWS
 * documents for remembered devices, and the one its own clients use (decision 034). The pool
 * names the user's internal name (USER_ID_FOR_SRP); the answer is signed, and its SECRET_HASH
 * computed, for that name. Any answer after the password passes through as it came.
 */
async function passwordVerifier(
  email: string,
  password: string,
  device: DeviceCredentials | undefined,
  context: SignInContext | undefined,
): Promise<InitiateAuthCommandOutput> {
  const proof = startPasswordProof(getEnv().COGNITO_USER_POOL_ID, password);
  const hash = secretHash(email);
  const out = await cognito().send(
    new InitiateAuthCommand({
      ClientId: clientId(),
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: {
        USERNAME: email,
        SRP_A: proof.srpA,
        ...(device ? { DEVICE_KEY: device.key } : {}),
        ...(hash ? { SECRET_HASH: hash } : {}),
      },
      ...userContextData(context),
    }),
  );
  if (out.ChallengeName !== 'PASSWORD_VERIFIER')
    throw new Error(`USER_SRP_AUTH answered ${out.ChallengeName ?? 'tokens'}`);
  const { signature, timestamp, userId } = proof.answer(out.ChallengeParameters ?? {});
  const userHash = secretHash(userId);
  return cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: out.Session,
      ChallengeResponses: {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: out.ChallengeParameters?.SECRET_BLOCK ?? '',
        PASSWORD_CLAIM_SIGNATURE: signature,
        TIMESTAMP: timestamp,
        ...(device ? { DEVICE_KEY: device.key } : {}),
        ...(userHash ? { SECRET_HASH: userHash } : {}),
      },
      ...userContextData(context),
    }),
  );
}

export function signIn(email: string, password: string, context?: SignInContext) {
  return attempt('signIn', async () => {
    const out = await passwordVerifier(email, password, context?.device, context);
    return outcome(await proveDevice(out, email, context), email);
  });
}

/** The first factors of choice-based sign-in (USER_AUTH) the product offers besides the password. */
export type PasswordlessFactor = 'EMAIL_OTP' | 'WEB_AUTHN';

/**
 * Choice-based sign-in (USER_AUTH) straight to one factor: an emailed code (EMAIL_OTP) or a passkey
 * (WEB_AUTHN). Cognito answers that challenge, or another when the factor is not available to this
 * user (e.g. SELECT_CHALLENGE without it); the caller decides what to tell.
 */
export function startPasswordless(
  email: string,
  factor: PasswordlessFactor,
  context?: SignInContext,
) {
  return attempt('passwordless', async () => {
    const hash = secretHash(email);
    const out = await cognito().send(
      new InitiateAuthCommand({
        ClientId: clientId(),
        AuthFlow: 'USER_AUTH',
        AuthParameters: {
          USERNAME: email,
          PREFERRED_CHALLENGE: factor,
          ...contextParameters(context),
          ...(hash ? { SECRET_HASH: hash } : {}),
        },
        ...userContextData(context),
      }),
    );
    return outcome(await proveDevice(out, email, context), email);
  });
}

/**
 * New tokens from a refresh token (GetTokensFromRefreshToken). It serves app clients with refresh
 * token rotation on and off: with rotation on (where REFRESH_TOKEN_AUTH is refused) the answer
 * carries the successor refresh token, which replaces the one presented; without, the presented one
 * stays. A confidential client sends its secret itself here, not a SECRET_HASH.
 */
export function refresh(refreshToken: string, deviceKey?: string) {
  return attempt('refresh', async () => {
    const secret = getEnv().COGNITO_CLIENT_SECRET;
    const out = await cognito().send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: clientId(),
        RefreshToken: refreshToken,
        // A pool that tracks devices wants the key of the device the token was issued to.
        ...(deviceKey ? { DeviceKey: deviceKey } : {}),
        ...(secret ? { ClientSecret: secret } : {}),
      }),
    );
    const tokens = tokensFrom(out.AuthenticationResult, refreshToken);
    return deviceKey && !tokens.deviceKey ? { ...tokens, deviceKey } : tokens;
  });
}

/**
 * SignUp with the email only: the channel id is not the app client's to write; it is bound by an
 * admin call once the address is proven (lib/channel.ts, docs/decisions/006-channel-binding.md).
 */
export function signUp(email: string, password: string) {
  return attempt('signUp', async () => {
    const out = await cognito().send(
      new SignUpCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    return { confirmed: out.UserConfirmed === true };
  });
}

export function confirmSignUp(email: string, code: string) {
  return attempt('confirmSignUp', async () => {
    await cognito().send(
      new ConfirmSignUpCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
        ConfirmationCode: code,
        // Spec §4: confirming never forces alias creation.
        ForceAliasCreation: false,
      }),
    );
  });
}

export function resendSignUpCode(email: string) {
  return attempt('resendSignUpCode', async () => {
    await cognito().send(
      new ResendConfirmationCodeCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
      }),
    );
  });
}

export function forgotPassword(email: string) {
  return attempt('forgotPassword', async () => {
    await cognito().send(
      new ForgotPasswordCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
      }),
    );
  });
}

export function confirmForgotPassword(email: string, code: string, password: string) {
  return attempt('confirmForgotPassword', async () => {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
        ConfirmationCode: code,
        Password: password,
      }),
    );
  });
}

export function changePassword(accessToken: string, previous: string, proposed: string) {
  return attempt('changePassword', async () => {
    await cognito().send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      }),
    );
  });
}

export function getUser(accessToken: string) {
  return attempt('getUser', async () => {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    return claimsFromAttributes(out.UserAttributes ?? []);
  });
}

export function updateAttributes(accessToken: string, attributes: Record<string, string>) {
  return attempt('updateAttributes', async () => {
    const out = await cognito().send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      }),
    );
    return { codeSentTo: (out.CodeDeliveryDetailsList ?? []).map((d) => d.AttributeName ?? '') };
  });
}

export function sendAttributeCode(accessToken: string, attribute: 'email' | 'phone_number') {
  return attempt('sendCode', async () => {
    await cognito().send(
      new GetUserAttributeVerificationCodeCommand({
        AccessToken: accessToken,
        AttributeName: attribute,
      }),
    );
  });
}

export function verifyAttribute(
  accessToken: string,
  attribute: 'email' | 'phone_number',
  code: string,
) {
  return attempt(attribute === 'email' ? 'verifyEmail' : 'verifyPhone', async () => {
    await cognito().send(
      new VerifyUserAttributeCommand({
        AccessToken: accessToken,
        AttributeName: attribute,
        Code: code,
      }),
    );
  });
}

export function globalSignOut(accessToken: string) {
  return attempt('signOut', async () => {
    await cognito().send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  });
}

/** What each challenge the product answers is answered with. */
const ANSWER_KEY = {
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
  SMS_MFA: 'SMS_MFA_CODE',
  SELECT_MFA_TYPE: 'ANSWER',
  NEW_PASSWORD_REQUIRED: 'NEW_PASSWORD',
  EMAIL_OTP: 'EMAIL_OTP_CODE',
  WEB_AUTHN: 'CREDENTIAL',
} as const;
export type AnsweredChallenge = keyof typeof ANSWER_KEY;

const CHALLENGE_CONTEXT = {
  SOFTWARE_TOKEN_MFA: 'mfa',
  SMS_MFA: 'mfaSent',
  SELECT_MFA_TYPE: 'mfa',
  NEW_PASSWORD_REQUIRED: 'newPassword',
  EMAIL_OTP: 'emailCodeSignIn',
  WEB_AUTHN: 'passkeySignIn',
} as const satisfies Record<AnsweredChallenge, AuthContext>;

/** Answers a sign-in challenge (a code, a new password, a passkey's assertion); may lead to another. */
export function respondToChallenge(
  challenge: AnsweredChallenge,
  session: string,
  username: string,
  answer: string,
  context?: SignInContext,
  /** An EMAIL_OTP asked for after the password: its errors read as a sent code's. */
  second?: boolean,
) {
  return attempt(second ? 'mfaSent' : CHALLENGE_CONTEXT[challenge], async () => {
    const hash = secretHash(username);
    const out = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: challenge,
        Session: session,
        ChallengeResponses: {
          USERNAME: username,
          [ANSWER_KEY[challenge]]: answer,
          ...contextParameters(context),
          ...(hash ? { SECRET_HASH: hash } : {}),
        },
        ...userContextData(context),
      }),
    );
    return outcome(await proveDevice(out, username, context), username);
  });
}

/** Asks Cognito whether an access token still stands (not revoked by a sign-out elsewhere). */
export function confirmSession(accessToken: string) {
  return attempt('confirmSession', async () => {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    return claimsFromAttributes(out.UserAttributes ?? []);
  });
}

/** The second steps Cognito knows, by their challenge names. */
export type MfaMethod = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';
export const MFA_METHODS: readonly MfaMethod[] = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'];
const isMethod = (v: unknown): v is MfaMethod => MFA_METHODS.includes(v as MfaMethod);

/** Each method's part of SetUserMFAPreference. */
const MFA_SETTINGS_KEY = {
  SOFTWARE_TOKEN_MFA: 'SoftwareTokenMfaSettings',
  SMS_MFA: 'SMSMfaSettings',
  EMAIL_OTP: 'EmailMfaSettings',
} as const satisfies Record<MfaMethod, string>;

/** The methods a user has on, and the preferred one, from GetUser's MFA fields. */
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

/**
 * Turns text-message or email codes on or off (SetUserMFAPreference); `preferred` names the
 * method to prefer (each on method is sent with PreferredMfa, so exactly one is preferred).
 */
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

/** Makes one method that is on the preferred one. */
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

/**
 * MFA_SETUP, step 1: a new authenticator secret for the sign-in's user (AssociateSoftwareToken
 * with the challenge's Session). Answers the secret and the session that goes on.
 */
export function associateForSetup(session: string) {
  return attempt('mfaSetup', async () => {
    const out = await cognito().send(new AssociateSoftwareTokenCommand({ Session: session }));
    if (!out.SecretCode || !out.Session)
      throw new Error('AssociateSoftwareToken answered no secret');
    return { secret: out.SecretCode, session: out.Session };
  });
}

/**
 * MFA_SETUP, step 2: the app's code proves the secret (VerifySoftwareToken with the Session), then
 * the challenge is answered with the session that answer gave: tokens, or another challenge.
 */
export function completeMfaSetup(
  session: string,
  username: string,
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
    const hash = secretHash(username);
    const out = await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId(),
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: {
          USERNAME: username,
          ...contextParameters(context),
          ...(hash ? { SECRET_HASH: hash } : {}),
        },
        ...userContextData(context),
      }),
    );
    return outcome(await proveDevice(out, username, context), username);
  });
}

/** Starts authenticator-app setup: Cognito keeps the new secret pending until it is verified. */
export function associateSoftwareToken(accessToken: string) {
  return attempt('mfaSetup', async () => {
    const out = await cognito().send(
      new AssociateSoftwareTokenCommand({ AccessToken: accessToken }),
    );
    if (!out.SecretCode) throw new Error('AssociateSoftwareToken answered no secret');
    return out.SecretCode;
  });
}

/** Proves the pending secret with a code from the app; enabling MFA is a separate call. */
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

/** Turns authenticator-app MFA on (and preferred) or off. */
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

type Reauthentication =
  | { type: 'proven'; tokens: Tokens; codeAsked: boolean }
  /** The password was right and the account asks for an authenticator code, but none was given. */
  | { type: 'code-needed' }
  /** The password was right and Cognito sent a code (text message or email) for this session. */
  | {
      type: 'code-sent';
      challenge: 'SMS_MFA' | 'EMAIL_OTP';
      session: string;
      destination?: string;
    };

/** A proof waiting on a sent code: the challenge and its session. */
export type PendingProof = { challenge: 'SMS_MFA' | 'EMAIL_OTP'; session: string };

/**
 * A signed-in person proves the password and, if the account asks for one, a two-step code,
 * through a full sign-in (InitiateAuth, then the account's challenge). An authenticator code
 * goes with the password. A sent code (text message, email) cannot: the first call answers
 * `code-sent` with the session, and the second answers that session (`pending`) with the code.
 * Where several methods are on and none is preferred, the authenticator app is chosen if on.
 */
export function reauthenticate(
  email: string,
  password: string,
  code: string,
  pending?: PendingProof,
) {
  return attempt(pending ? 'mfaSent' : 'reauth', async (): Promise<Reauthentication> => {
    const hash = secretHash(email);
    const answer = async (
      challenge: 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP',
      session: string | undefined,
    ) => {
      const out = await cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: challenge,
          Session: session,
          ChallengeResponses: {
            USERNAME: email,
            [ANSWER_KEY[challenge]]: code,
            ...(hash ? { SECRET_HASH: hash } : {}),
          },
        }),
      );
      if (out.ChallengeName) throw new Error(`unexpected challenge ${out.ChallengeName}`);
      return {
        type: 'proven',
        tokens: tokensFrom(out.AuthenticationResult),
        codeAsked: true,
      } as const;
    };
    if (pending && code) return answer(pending.challenge, pending.session);

    // A proof, not a sign-in on this browser: no device is named, and none issued is confirmed.
    let out = await passwordVerifier(email, password, undefined, undefined);
    if (out.ChallengeName === 'SELECT_MFA_TYPE') {
      const offered = out.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '';
      const pick = MFA_METHODS.find((m) => offered.includes(`"${m}"`));
      if (!pick) throw new Error(`nothing to choose from: ${offered}`);
      out = await cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId(),
          ChallengeName: 'SELECT_MFA_TYPE',
          Session: out.Session,
          ChallengeResponses: {
            USERNAME: email,
            ANSWER: pick,
            ...(hash ? { SECRET_HASH: hash } : {}),
          },
        }),
      );
    }
    if (!out.ChallengeName)
      return { type: 'proven', tokens: tokensFrom(out.AuthenticationResult), codeAsked: false };
    if (out.ChallengeName === 'SMS_MFA' || out.ChallengeName === 'EMAIL_OTP') {
      if (!out.Session) throw new Error(`${out.ChallengeName} without a session`);
      const destination = out.ChallengeParameters?.CODE_DELIVERY_DESTINATION;
      return {
        type: 'code-sent',
        challenge: out.ChallengeName,
        session: out.Session,
        ...(destination ? { destination } : {}),
      };
    }
    if (out.ChallengeName !== 'SOFTWARE_TOKEN_MFA')
      throw new Error(`unexpected challenge ${out.ChallengeName}`);
    if (!code) return { type: 'code-needed' };
    return answer('SOFTWARE_TOKEN_MFA', out.Session);
  });
}

/** Revokes a refresh token and the access tokens issued from it. */
export function revokeRefreshToken(refreshToken: string) {
  return attempt('signOut', async () => {
    const env = getEnv();
    await cognito().send(
      new RevokeTokenCommand({
        Token: refreshToken,
        ClientId: env.COGNITO_CLIENT_ID,
        ...(env.COGNITO_CLIENT_SECRET ? { ClientSecret: env.COGNITO_CLIENT_SECRET } : {}),
      }),
    );
  });
}

/** A passkey of the signed-in user, as ListWebAuthnCredentials describes it. */
export type Passkey = {
  id: string;
  name: string;
  /** Seconds since the epoch. */
  createdAt: number;
  /** 'platform' (built into the device) or 'cross-platform' (a security key, a phone). */
  attachment?: string;
};

/**
 * The options for the browser's passkey creation (PublicKeyCredentialCreationOptionsJSON), as a
 * JSON string: the browser needs them, and they carry nothing secret.
 */
export function startPasskeyRegistration(accessToken: string) {
  return attempt('passkeys', async () => {
    const out = await cognito().send(
      new StartWebAuthnRegistrationCommand({ AccessToken: accessToken }),
    );
    if (!out.CredentialCreationOptions) throw new Error('registration without options');
    return JSON.stringify(out.CredentialCreationOptions);
  });
}

/** Saves the passkey the browser created (its RegistrationResponseJSON). */
export function completePasskeyRegistration(accessToken: string, credential: unknown) {
  return attempt('passkeys', async () => {
    await cognito().send(
      new CompleteWebAuthnRegistrationCommand({
        AccessToken: accessToken,
        Credential: credential as Record<string, never>,
      }),
    );
  });
}

/** Every passkey of the user (Cognito pages by 20 at most; a person has a handful). */
export function listPasskeys(accessToken: string) {
  return attempt('passkeys', async () => {
    const passkeys: Passkey[] = [];
    let next: string | undefined;
    for (let page = 0; page < 10; page++) {
      const out = await cognito().send(
        new ListWebAuthnCredentialsCommand({
          AccessToken: accessToken,
          MaxResults: 20,
          NextToken: next,
        }),
      );
      for (const c of out.Credentials ?? []) {
        if (!c.CredentialId) continue;
        passkeys.push({
          id: c.CredentialId,
          name: c.FriendlyCredentialName || 'Passkey',
          createdAt: c.CreatedAt ? Math.floor(c.CreatedAt.getTime() / 1000) : 0,
          ...(c.AuthenticatorAttachment ? { attachment: c.AuthenticatorAttachment } : {}),
        });
      }
      next = out.NextToken;
      if (!next) break;
    }
    return passkeys;
  });
}

export function deletePasskey(accessToken: string, credentialId: string) {
  return attempt('passkeys', async () => {
    await cognito().send(
      new DeleteWebAuthnCredentialCommand({ AccessToken: accessToken, CredentialId: credentialId }),
    );
  });
}

/** A device of the signed-in user, as ListDevices describes it. */
export type TrackedDevice = {
  key: string;
  name: string;
  remembered: boolean;
  lastIp?: string;
  /** Seconds since the epoch. */
  lastSignInAt?: number;
  createdAt?: number;
};

const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : undefined);

function trackedDevice(device: DeviceType): TrackedDevice | undefined {
  if (!device.DeviceKey) return undefined;
  const attr = Object.fromEntries(
    (device.DeviceAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']),
  );
  return {
    key: device.DeviceKey,
    name: attr.device_name || 'Unnamed device',
    remembered: attr.device_remembered_status === 'remembered',
    ...(attr.last_ip_used ? { lastIp: attr.last_ip_used } : {}),
    ...(device.DeviceLastAuthenticatedDate
      ? { lastSignInAt: seconds(device.DeviceLastAuthenticatedDate) }
      : {}),
    ...(device.DeviceCreateDate ? { createdAt: seconds(device.DeviceCreateDate) } : {}),
  };
}

/**
 * Confirms the device a sign-in was just issued, with a verifier of a fresh secret (device SRP):
 * answers the credentials to keep for this browser, and whether the pool waits for the person's
 * choice before remembering it (opt-in) or has remembered it already (always).
 */
export function confirmDevice(accessToken: string, device: NewDevice, name: string) {
  return attempt('devices', async () => {
    const { secret, salt, verifier } = await deviceVerifier(device.groupKey, device.key);
    const out = await cognito().send(
      new ConfirmDeviceCommand({
        AccessToken: accessToken,
        DeviceKey: device.key,
        DeviceName: name,
        DeviceSecretVerifierConfig: { PasswordVerifier: verifier, Salt: salt },
      }),
    );
    return {
      credentials: { ...device, secret } satisfies DeviceCredentials,
      choiceNeeded: out.UserConfirmationNecessary === true,
    };
  });
}

/** Remembers a device (a later sign-in on it skips the two-step code) or stops remembering it. */
export function setDeviceRemembered(accessToken: string, deviceKey: string, remembered: boolean) {
  return attempt('devices', async () => {
    await cognito().send(
      new UpdateDeviceStatusCommand({
        AccessToken: accessToken,
        DeviceKey: deviceKey,
        DeviceRememberedStatus: remembered ? 'remembered' : 'not_remembered',
      }),
    );
  });
}

/** Spec §9: devices are listed 60 to a page. */
export const DEVICE_PAGE_SIZE = 60;

/** One page of the signed-in user's devices, and the token of the next page if there is one. */
export function listDevices(accessToken: string, pageToken?: string) {
  return attempt('devices', async () => {
    const out = await cognito().send(
      new ListDevicesCommand({
        AccessToken: accessToken,
        Limit: DEVICE_PAGE_SIZE,
        ...(pageToken ? { PaginationToken: pageToken } : {}),
      }),
    );
    return {
      devices: (out.Devices ?? []).flatMap((d) => trackedDevice(d) ?? []),
      ...(out.PaginationToken ? { next: out.PaginationToken } : {}),
    };
  });
}

/** Forgets a device: it is no longer listed or remembered, and its sign-in ends at its next refresh. */
export function forgetDevice(accessToken: string, deviceKey: string) {
  return attempt('devices', async () => {
    await cognito().send(
      new ForgetDeviceCommand({ AccessToken: accessToken, DeviceKey: deviceKey }),
    );
  });
}

/** Deletes the signed-in user (DeleteUser): the account and every one of its sessions end. */
export function deleteOwnAccount(accessToken: string) {
  return attempt('deleteAccount', async () => {
    await cognito().send(new DeleteUserCommand({ AccessToken: accessToken }));
  });
}
