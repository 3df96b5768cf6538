import 'server-only';
import {
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  DeleteUserCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ExponentialBackoff,
  TaskCancelledError,
  TimeoutStrategy,
  handleWhenResult,
  retry,
  timeout,
  wrap,
} from 'cockatiel';
import { getEnv } from '@/lib/runtime/env';
import { APP_MSG } from '@/lib/messages';
import type { AuthFailure } from './errors';
import { cognito, secretHash } from './client';
import { attempt, claimsFromAttributes, clientId } from './shared';

/** The channel id is bound later by an admin call (decision 006); `name` from the creator record. */
export function signUp(email: string, password: string, name?: string) {
  return attempt('signUp', async () => {
    const out = await cognito().send(
      new SignUpCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          ...(name ? [{ Name: 'name', Value: name }] : []),
        ],
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
        // docs/product.md §4.1.
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

/**
 * Where the code went: the pool's recovery setting sends it to a verified email, or a verified
 * phone by text when email codes are the creator's two-step (AccountRecoverySettingType: "Email
 * MFA is also disqualifying for account recovery with email"). `texted`: the masked number.
 */
export function forgotPassword(email: string) {
  return attempt('forgotPassword', async () => {
    const out = await cognito().send(
      new ForgotPasswordCommand({
        ClientId: clientId(),
        SecretHash: secretHash(email),
        Username: email,
      }),
    );
    const sent = out.CodeDeliveryDetails;
    const texted: Record<string, string> =
      sent?.DeliveryMedium === 'SMS' && sent.Destination
        ? { texted: sent.Destination.slice(0, 32) }
        : {};
    return texted;
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

/**
 * What the product writes with a creator's own token (SignUp, UpdateUserAttributes): the app
 * client's WriteAttributes must list each (infra/user-pool.yaml; infra/template.test.ts).
 */
export const USER_TOKEN_WRITES = ['email', 'name', 'phone_number'] as const;
type Writable = (typeof USER_TOKEN_WRITES)[number];

export function updateAttributes(
  accessToken: string,
  attributes: Partial<Record<Writable, string>>,
) {
  return attempt('updateAttributes', async () => {
    const out = await cognito().send(
      new UpdateUserAttributesCommand({
        AccessToken: accessToken,
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({
          Name,
          Value: Value ?? '',
        })),
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

export function confirmSession(accessToken: string) {
  return attempt('confirmSession', async () => {
    const out = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
    return claimsFromAttributes(out.UserAttributes ?? []);
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

/** The spec's bound for RevokeToken: "retry with exponential backoff, up to 5 s". */
export const REVOKE_WITHIN_MS = 5000;

/**
 * RevokeToken, tried again with exponential backoff while Cognito is busy or silent, for at most
 * `withinMs` in all. A refused token (already revoked or expired) is not tried again.
 */
export async function revokeRefreshTokenWithRetry(
  refreshToken: string,
  withinMs = REVOKE_WITHIN_MS,
) {
  type Revoked = Awaited<ReturnType<typeof revokeRefreshToken>>;
  const policy = wrap(
    timeout(withinMs, TimeoutStrategy.Aggressive),
    retry(
      handleWhenResult(
        (r) => !(r as Revoked).ok && (r as Revoked & { ok: false }).failure.kind === 'unavailable',
      ),
      { maxAttempts: 6, backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 1600 }) },
    ),
  );
  try {
    return await policy.execute(() => revokeRefreshToken(refreshToken));
  } catch (error) {
    if (!(error instanceof TaskCancelledError)) throw error;
    const failure: AuthFailure = {
      kind: 'unavailable',
      name: 'TimeoutError',
      message: { text: APP_MSG.networkError },
    };
    return { ok: false as const, failure };
  }
}

export function deleteOwnAccount(accessToken: string) {
  return attempt('deleteAccount', async () => {
    await cognito().send(new DeleteUserCommand({ AccessToken: accessToken }));
  });
}
