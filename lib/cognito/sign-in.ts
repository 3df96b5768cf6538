import 'server-only';
import {
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { cognito, secretHash } from './client';
import { startDeviceProof, startPasswordProof } from './srp';
import { type AuthContext, type AuthFailure, toAuthFailure } from './errors';
import {
  type DeviceCredentials,
  type SignInContext,
  type SignInOutcome,
  attempt,
  clientId,
  contextParameters,
  poolName,
  tokensFrom,
  userContextData,
} from './shared';

export async function proveDevice(
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
    // Told apart from a wrong password, so the sign-in goes on as on a new device (decision 016).
    if (name === 'NotAuthorizedException' || name === 'ResourceNotFoundException')
      throw Object.assign(new Error('the device proof was refused'), {
        name: 'DeviceNotRecognized',
      });
    throw error;
  }
}

export async function deviceSteps(
  out: InitiateAuthCommandOutput,
  username: string,
  device: DeviceCredentials,
  context: SignInContext | undefined,
): Promise<InitiateAuthCommandOutput> {
  // Cognito names the user for the device steps by its username (USERNAME in the challenge).
  const name = poolName(out.ChallengeParameters, username);
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

/** `username`: the person's address; `userId`: the pool's name for them as the last step knew it. */
export function outcome(
  out: InitiateAuthCommandOutput,
  username: string,
  userId: string,
): SignInOutcome {
  if (out.ChallengeName) {
    return {
      type: 'challenge',
      challenge: out.ChallengeName,
      session: out.Session ?? '',
      username,
      userId: poolName(out.ChallengeParameters, userId),
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

export async function passwordVerifier(
  email: string,
  password: string,
  device: DeviceCredentials | undefined,
  context: SignInContext | undefined,
): Promise<{ out: InitiateAuthCommandOutput; userId: string }> {
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
  const answered = await cognito().send(
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
  return { out: answered, userId: poolName(answered.ChallengeParameters, userId) };
}

export function signIn(email: string, password: string, context?: SignInContext) {
  return attempt('signIn', async () => {
    const { out, userId } = await passwordVerifier(email, password, context?.device, context);
    return outcome(await proveDevice(out, userId, context), email, userId);
  });
}

export type PasswordlessFactor = 'EMAIL_OTP' | 'WEB_AUTHN';

/** Cognito may answer another challenge (SELECT_CHALLENGE) when the factor is not available. */
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
    // InitiateAuth takes the alias; its challenge names the username the answers must give.
    const userId = poolName(out.ChallengeParameters, email);
    return outcome(await proveDevice(out, userId, context), email, userId);
  });
}

/** GetTokensFromRefreshToken serves rotation on and off; it takes ClientSecret, not SECRET_HASH. */
export function refresh(refreshToken: string, deviceKey?: string) {
  return attempt('refresh', async () => {
    const secret = getEnv().COGNITO_CLIENT_SECRET;
    const out = await cognito().send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: clientId(),
        RefreshToken: refreshToken,
        ...(deviceKey ? { DeviceKey: deviceKey } : {}),
        ...(secret ? { ClientSecret: secret } : {}),
      }),
    );
    const tokens = tokensFrom(out.AuthenticationResult, refreshToken);
    return deviceKey && !tokens.deviceKey ? { ...tokens, deviceKey } : tokens;
  });
}

export const ANSWER_KEY = {
  SOFTWARE_TOKEN_MFA: 'SOFTWARE_TOKEN_MFA_CODE',
  SMS_MFA: 'SMS_MFA_CODE',
  SELECT_MFA_TYPE: 'ANSWER',
  NEW_PASSWORD_REQUIRED: 'NEW_PASSWORD',
  EMAIL_OTP: 'EMAIL_OTP_CODE',
  WEB_AUTHN: 'CREDENTIAL',
} as const;
export type AnsweredChallenge = keyof typeof ANSWER_KEY;

/** Cognito's answer to a wrong code for `challenge`, as respondToChallenge reports it. */
export function wrongCodeFailure(challenge: AnsweredChallenge, second = false): AuthFailure {
  const error = Object.assign(new Error('Invalid code received for user'), {
    name: 'CodeMismatchException',
  });
  return toAuthFailure(
    error,
    second ? 'mfaSent' : CHALLENGE_CONTEXT[challenge],
    getEnv().SUPPORT_EMAIL,
  );
}

export const CHALLENGE_CONTEXT = {
  SOFTWARE_TOKEN_MFA: 'mfa',
  SMS_MFA: 'mfaSent',
  SELECT_MFA_TYPE: 'mfa',
  NEW_PASSWORD_REQUIRED: 'newPassword',
  EMAIL_OTP: 'emailCodeSignIn',
  WEB_AUTHN: 'passkeySignIn',
} as const satisfies Record<AnsweredChallenge, AuthContext>;

/** `who`: the person's address and the pool's username, which the answer names. */
export function respondToChallenge(
  challenge: AnsweredChallenge,
  session: string,
  who: { username: string; userId: string },
  answer: string,
  context?: SignInContext,
  /** An EMAIL_OTP asked for after the password: its errors read as a sent code's. */
  second?: boolean,
) {
  return attempt(second ? 'mfaSent' : CHALLENGE_CONTEXT[challenge], async () => {
    const out = await sendAnswer(challenge, session, who.userId, answer, context);
    const userId = poolName(out.ChallengeParameters, who.userId);
    return outcome(await proveDevice(out, userId, context), who.username, userId);
  });
}

/** One RespondToAuthChallenge call, by the pool's username; the caller reads the answer. */
export function sendAnswer(
  challenge: AnsweredChallenge,
  session: string | undefined,
  userId: string,
  answer: string,
  context?: SignInContext,
) {
  const hash = secretHash(userId);
  return cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: clientId(),
      ChallengeName: challenge,
      Session: session,
      ChallengeResponses: {
        USERNAME: userId,
        [ANSWER_KEY[challenge]]: answer,
        ...contextParameters(context),
        ...(hash ? { SECRET_HASH: hash } : {}),
      },
      ...userContextData(context),
    }),
  );
}
