import 'server-only';
import { type AuthenticationResultType } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { getEnv } from '@/lib/env';
import { toAuthFailure, type AuthContext, type AuthFailure } from './errors';
import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import type { UserClaims } from '@/lib/claims';

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
      username: string;
      parameters?: Record<string, string>;
    };

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

export function contextParameters(context: SignInContext | undefined): Record<string, string> {
  return context?.device ? { DEVICE_KEY: context.device.key } : {};
}
export function userContextData(context: SignInContext | undefined) {
  return context?.ip ? { UserContextData: { IpAddress: context.ip } } : {};
}
