import 'server-only';
import { type AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { getEnv } from '@/lib/runtime/env';
import { toAuthFailure, type AuthContext, type AuthFailure } from './errors';
import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import type { UserClaims } from '@/lib/session/claims';

export type Result<T> = { ok: true; value: T } | { ok: false; failure: AuthFailure };

export type Tokens = {
  accessToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  refreshToken?: string;
  deviceKey?: string;
  claims: UserClaims;
};

export type DeviceCredentials = { key: string; groupKey: string; secret: string };
export type NewDevice = { key: string; groupKey: string };

/** `ip`: the person's, so the pool's device and sign-in records name it (decision 016). */
export type SignInContext = { device?: DeviceCredentials; ip?: string };

export type SignInOutcome =
  | { type: 'signed-in'; tokens: Tokens; newDevice?: NewDevice }
  | {
      type: 'challenge';
      challenge: string;
      session: string;
      /** The person's address: what the product shows, limits and alerts by. */
      username: string;
      /** The pool's own username, which every answer after the first step names (poolName). */
      userId: string;
      parameters?: Record<string, string>;
    };

/**
 * The name the next answer gives as USERNAME, and hashes SECRET_HASH over: the pool's username,
 * not the email it was signed in with. botocore (AdminInitiateAuthResponse.ChallengeParameters):
 * "You must use the username and not an alias in the ChallengeResponses"; AWS's clients switch to
 * it as each answer comes (amplify-js setActiveSignInUsername(USERNAME ?? USER_ID_FOR_SRP)).
 */
export function poolName(parameters: Record<string, string> | undefined, known: string): string {
  return parameters?.USERNAME || parameters?.USER_ID_FOR_SRP || known;
}

export async function attempt<T>(context: AuthContext, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, context, getEnv().SUPPORT_EMAIL) };
  }
}

export const clientId = () => getEnv().COGNITO_CLIENT_ID;
const bool = (v: unknown) => v === true || v === 'true';
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/**
 * Every attribute the product reads with a creator's own tokens (the id token, GetUser): the app
 * client's ReadAttributes must list each (infra/user-pool.yaml; infra/template.test.ts holds it so,
 * and the local pool reads out nothing else). `sub` is always readable; `identities` comes with a
 * federated user's id token.
 */
export const USER_TOKEN_READS = [
  'email',
  'email_verified',
  'name',
  'phone_number',
  'phone_number_verified',
  CHANNEL_ATTRIBUTE,
] as const;
type Readable = (typeof USER_TOKEN_READS)[number] | 'sub';

/** The claims from `source`, read only through the listed names. */
function claimsFrom(source: Record<string, unknown>) {
  const read = (name: Readable) => source[name];
  return {
    sub: str(read('sub')),
    email: str(read('email')),
    emailVerified: bool(read('email_verified')),
    name: str(read('name')),
    phoneNumber: str(read('phone_number')),
    phoneNumberVerified: bool(read('phone_number_verified')),
    channelId: str(read(CHANNEL_ATTRIBUTE)),
  };
}

export function claimsFromIdToken(idToken: string): UserClaims {
  const c = decodeJwt(idToken);
  const { sub, email, ...rest } = claimsFrom(c);
  if (!sub || !email) throw new Error('id token without sub or email');
  const username = str(c['cognito:username']);
  return {
    sub,
    email,
    ...rest,
    ...(username ? { username } : {}),
    ...(providerOf(c.identities) ? { provider: 'Google' as const } : {}),
  };
}

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
  const { email, ...rest } = claimsFrom(
    Object.fromEntries(attributes.map((x) => [x.Name ?? '', x.Value ?? ''])),
  );
  return { ...rest, email: email ?? '' };
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

export function contextParameters(context: SignInContext | undefined): Record<string, string> {
  return context?.device ? { DEVICE_KEY: context.device.key } : {};
}
export function userContextData(context: SignInContext | undefined) {
  return context?.ip ? { UserContextData: { IpAddress: context.ip } } : {};
}
