import 'server-only';
import { createHash } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { userClaimsSchema } from '@/lib/claims';
import type { Env } from '@/lib/env';
import { SESSION_TTL_S } from './lifetimes';

/**
 * Sealing and the cookie split of docs/architecture.md §3: the access token and the few claims the UI needs in
 * one cookie, the refresh token in another, each sealed (encrypted + authenticated) with the
 * session secrets. Pure: the callers decide where cookies come from and go to.
 */

export { SESSION_TTL_S } from './lifetimes';
export const PENDING_TTL_S = 24 * 60 * 60; // a sign-up code's lifetime
export const RESET_TTL_S = 60 * 60; // a reset code's lifetime
/** Browsers drop cookies whose name=value exceeds this. */
export const COOKIE_LIMIT = 4096;

const claims = userClaimsSchema;

const sessionData = z.object({
  v: z.literal(1),
  accessToken: z.string().min(1),
  accessExpiresAt: z.number().int(),
  /** When Cognito last confirmed the access token still stands (seconds). */
  confirmedAt: z.number().int().optional(),
  /** The sign-in that started this session (seconds); refreshes keep it. */
  startedAt: z.number().int(),
  /** The last request seen with this session (seconds, to the guard's granularity). */
  seenAt: z.number().int(),
  claims,
  /** When the person last proved their password in this session (seconds; ASVS 3.7.1). */
  reauthAt: z.number().int().optional(),
  /** What the proof was given for (a passkey, an authenticator app…): some steps take only theirs. */
  reauthFor: z.string().max(32).optional(),
});
const refreshData = z.object({
  v: z.literal(1),
  refreshToken: z.string().min(1),
  sub: z.string().min(1),
  startedAt: z.number().int(),
  /** The device the refresh token was issued to: a pool that tracks devices asks for its key. */
  deviceKey: z.string().min(1).max(55).optional(),
});
/** Tokens a refresh produced, shared for a minute with the other requests that carried its token. */
const refreshedTokens = z.object({
  /** The digest of the refresh token this answer was stored for (refresh-once.ts), checked on read. */
  key: z.string().min(1),
  accessToken: z.string().min(1),
  accessExpiresAt: z.number().int(),
  refreshToken: z.string().min(1).optional(),
  deviceKey: z.string().min(1).max(55).optional(),
  claims,
});
// The small cookies are strict and the ones of the same shape carry a kind (`p`): a value sealed
// for one purpose never opens as another (all are sealed with the same secrets).
const pendingData = z.strictObject({ v: z.literal(1), email: z.string().min(3) });
const resetData = z.strictObject({
  v: z.literal(1),
  p: z.literal('reset'),
  email: z.string().min(3),
});
/**
 * The new address a proven email change named: Send Again goes there and nowhere else. Its own
 * cookie, because the session cookie has no room left for a 254-character address.
 */
const emailChangeData = z.strictObject({
  v: z.literal(1),
  sub: z.string().min(1),
  email: z.string().min(3).max(254),
});
const challengeData = z.object({
  v: z.literal(1),
  name: z.enum([
    'SOFTWARE_TOKEN_MFA',
    'NEW_PASSWORD_REQUIRED',
    'EMAIL_OTP',
    'WEB_AUTHN',
    'SMS_MFA',
    'SELECT_MFA_TYPE',
    'MFA_SETUP',
  ]),
  session: z.string().min(1),
  username: z.string().min(1),
  /** EMAIL_OTP asked for after the password (a second step), not as the way in. */
  second: z.literal(true).optional(),
  /** Where a text-message or email code went, as Cognito masks it (+*******0123, d***@c***). */
  destination: z.string().min(1).max(320).optional(),
  /** SELECT_MFA_TYPE: the methods to choose from. */
  choices: z
    .array(z.enum(['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP']))
    .max(3)
    .optional(),
  /** MFA_SETUP: the new authenticator secret, shown to the person setting it up. */
  secret: z.string().min(16).max(128).optional(),
  /** The device this sign-in named (its key goes with every answer of the same sign-in). */
  deviceKey: z.string().min(1).max(55).optional(),
  /** The sign-in after a reset: it ends on the review of the ways in (decision 032). */
  review: z.literal(true).optional(),
});
/**
 * A signed-in person's proof halfway: the password was right and Cognito sent a two-step code
 * (text message or email) in a sign-in whose session answers it. Bound to the account.
 */
const proofData = z.object({
  v: z.literal(1),
  sub: z.string().min(1),
  challenge: z.enum(['SMS_MFA', 'EMAIL_OTP']),
  session: z.string().min(1),
  destination: z.string().min(1).max(320).optional(),
});
/**
 * The device Cognito tracks for this browser (remembered devices): its key, its group's key and
 * the secret of its SRP verifier, for the person it was confirmed for. Never readable by scripts.
 */
const deviceData = z.object({
  v: z.literal(1),
  sub: z.string().min(1),
  /** The sign-in name it serves, lower-cased: another person's sign-in here names no device. */
  email: z.string().min(3).max(320),
  key: z.string().min(1).max(55),
  groupKey: z.string().min(1).max(200),
  secret: z.string().min(1).max(200),
});

/** Hosted sign-ins under way (lib/oauth/flows.ts): each state with its PKCE verifier. */
export const OAUTH_FLOWS_MAX = 3;
const oauthFlowsData = z.object({
  v: z.literal(1),
  flows: z
    .array(
      z.object({
        state: z.string().length(32),
        verifier: z.string().length(128),
        startedAt: z.number().int(),
      }),
    )
    .max(OAUTH_FLOWS_MAX),
});

export type SessionData = z.infer<typeof sessionData>;
export type OAuthFlowsData = z.infer<typeof oauthFlowsData>;
type RefreshData = z.infer<typeof refreshData>;
type PendingData = z.infer<typeof pendingData>;
export type ChallengeData = z.infer<typeof challengeData>;
type EmailChangeData = z.infer<typeof emailChangeData>;
export type ProofData = z.infer<typeof proofData>;
export type DeviceData = z.infer<typeof deviceData>;
/** Spec §9: the device's cookie is kept 365 days. */
export const DEVICE_TTL_S = 365 * 24 * 60 * 60;
/** How long a proof of the password lets email, phone and two-step changes go ahead. */
export const REAUTH_WINDOW_S = 10 * 60;
/** Cognito's challenge sessions last 3 minutes. */
export const CHALLENGE_TTL_S = 3 * 60;

type Secrets = Pick<Env, 'sessionPasswords'> & Partial<Pick<Env, 'sessionSealId'>>;

export function cookieNames(env: Pick<Env, 'mode'>) {
  // __Host- binds the cookie to this exact origin over HTTPS (no Domain, Path=/, Secure).
  const prefix = env.mode === 'production' ? '__Host-' : '';
  return {
    session: `${prefix}cd_session`,
    refresh: `${prefix}cd_refresh`,
    pending: `${prefix}cd_pending`,
    reset: `${prefix}cd_reset`,
    challenge: `${prefix}cd_challenge`,
    emailChange: `${prefix}cd_email_change`,
    proof: `${prefix}cd_proof`,
    ended: `${prefix}cd_ended`,
    signedOut: `${prefix}cd_signed_out`,
    oauth: `${prefix}cd_oauth`,
    device: `${prefix}cd_device`,
  } as const;
}

export function cookieOptions(env: Pick<Env, 'mode'>, maxAge: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.mode === 'production',
    path: '/',
    maxAge,
  };
}

/** Cuts a string to at most `bytes` of UTF-8 without splitting a character. */
export function capBytes(s: string, bytes: number): string {
  if (Buffer.byteLength(s) <= bytes) return s;
  let out = '';
  let used = 0;
  for (const ch of s) {
    const n = Buffer.byteLength(ch);
    if (used + n > bytes) break;
    out += ch;
    used += n;
  }
  return out;
}

/**
 * Caps free-text claims (in bytes: the cookie limit counts bytes) so a user-chosen attribute can
 * never push the cookie over the limit.
 */
function bounded(data: SessionData): SessionData {
  const name = data.claims.name === undefined ? undefined : capBytes(data.claims.name, 256);
  // Cognito's username is needed where a sign-in completes (binding the channel), never later:
  // the cookie keeps its room for the tokens.
  const claims = { ...data.claims, name, email: capBytes(data.claims.email, 320) };
  delete claims.username;
  return { ...data, claims };
}

async function seal(data: object, env: Secrets, ttl: number) {
  // Sealed under the newest secret's own id (lib/env.ts); without one, iron's highest id.
  const password = env.sessionSealId
    ? { [env.sessionSealId]: env.sessionPasswords[env.sessionSealId]! }
    : env.sessionPasswords;
  const value = await sealData(data, { password, ttl });
  // What the value opens to, as iron's JSON gives it back: the next request's reads need no
  // decryption.
  remember(value, env, JSON.parse(JSON.stringify(data)), Date.now());
  return value;
}

/**
 * What this process has sealed and unsealed lately, by the sealed text: one request reads the
 * same cookie in the guard, the layout and the page, the next requests carry it unchanged, and a
 * value the guard or an action has just sealed comes back with the next request, so each distinct
 * value is decrypted and verified at most once. Only values that unsealed (or were sealed here)
 * are kept, with the secrets they belong to, until their own expiry or a minute, whichever comes
 * first; the schema still checks every read, and each read gets its own copy.
 *
 * One store per process: the guard and each route are bundled with their own copy of this module,
 * and a value the guard opened or sealed is the same value for the page after it.
 */
const UNSEALED_MAX = 2000;
const UNSEALED_FOR_MS = 60_000;
type Unsealed = { secrets: string; data: unknown; until: number };
const STORE = Symbol.for('creator-dashboard.session.unsealed');
const unsealedByValue = ((globalThis as { [STORE]?: Map<string, Unsealed> })[STORE] ??= new Map());

/** The secrets by value (each bundle reads the environment into its own object), hashed. */
const secretsIds = new WeakMap<Secrets['sessionPasswords'], string>();
function secretsId(env: Secrets): string {
  let id = secretsIds.get(env.sessionPasswords);
  if (id === undefined) {
    const entries = Object.entries(env.sessionPasswords).sort(([a], [b]) => a.localeCompare(b));
    id = createHash('sha256').update(JSON.stringify(entries)).digest('base64');
    secretsIds.set(env.sessionPasswords, id);
  }
  return id;
}

function recall(value: string, env: Secrets, now: number): unknown {
  const hit = unsealedByValue.get(value);
  if (!hit) return undefined;
  unsealedByValue.delete(value);
  if (hit.secrets !== secretsId(env) || hit.until <= now) return undefined;
  unsealedByValue.set(value, hit); // most recently used last
  return hit.data;
}

function remember(value: string, env: Secrets, data: unknown, now: number) {
  // Iron's sealed text carries its expiry (ms since the epoch) as the sixth part.
  const expiry = Number(value.split('*')[5]) || Infinity;
  unsealedByValue.set(value, {
    secrets: secretsId(env),
    data,
    until: Math.min(now + UNSEALED_FOR_MS, expiry),
  });
  if (unsealedByValue.size > UNSEALED_MAX)
    unsealedByValue.delete(unsealedByValue.keys().next().value!);
}

async function unseal<T>(
  schema: z.ZodType<T>,
  value: string | undefined,
  env: Secrets,
  ttl: number,
): Promise<T | null> {
  // Anything odd (garbage, truncated, another secret, oversized, old shape) reads as "no cookie".
  if (!value || value.length > COOKIE_LIMIT * 2) return null;
  try {
    const now = Date.now();
    let data = recall(value, env, now);
    if (data === undefined) {
      data = await unsealData(value, { password: env.sessionPasswords, ttl });
      remember(value, env, data, now);
    }
    const parsed = schema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const sealSession = (d: SessionData, env: Secrets) => seal(bounded(d), env, SESSION_TTL_S);
export const unsealSession = (v: string | undefined, env: Secrets) =>
  unseal(sessionData, v, env, SESSION_TTL_S);
export const sealRefresh = (d: RefreshData, env: Secrets) => seal(d, env, SESSION_TTL_S);
export const unsealRefresh = (v: string | undefined, env: Secrets) =>
  unseal(refreshData, v, env, SESSION_TTL_S);
export const REFRESHED_SHARE_S = 60;
export const sealRefreshed = (d: z.infer<typeof refreshedTokens>, env: Secrets) =>
  seal(d, env, REFRESHED_SHARE_S);
export const unsealRefreshed = (v: string | undefined, env: Secrets) =>
  unseal(refreshedTokens, v, env, REFRESHED_SHARE_S);
export const sealPending = (d: PendingData, env: Secrets) => seal(d, env, PENDING_TTL_S);
export const unsealPending = (v: string | undefined, env: Secrets) =>
  unseal(pendingData, v, env, PENDING_TTL_S);
/** The "this wasn't me" link of a security notice: the account it is about, for a week. */
export const NOT_ME_TTL_S = 7 * 24 * 60 * 60;
const notMeData = z.strictObject({
  v: z.literal(1),
  p: z.literal('not-me'),
  sub: z.string().min(1),
  email: z.string().min(3),
});
export const sealNotMe = (d: z.infer<typeof notMeData>, env: Secrets) => seal(d, env, NOT_ME_TTL_S);
export const unsealNotMe = (v: string | undefined, env: Secrets) =>
  unseal(notMeData, v, env, NOT_ME_TTL_S);
/** The email a reset was asked for in this browser: its code is checked only here. */
export const sealReset = (d: z.infer<typeof resetData>, env: Secrets) => seal(d, env, RESET_TTL_S);
export const unsealReset = (v: string | undefined, env: Secrets) =>
  unseal(resetData, v, env, RESET_TTL_S);
export const sealEmailChange = (d: EmailChangeData, env: Secrets) => seal(d, env, REAUTH_WINDOW_S);
export const unsealEmailChange = (v: string | undefined, env: Secrets) =>
  unseal(emailChangeData, v, env, REAUTH_WINDOW_S);
export const sealChallenge = (d: ChallengeData, env: Secrets) => seal(d, env, CHALLENGE_TTL_S);
export const unsealChallenge = (v: string | undefined, env: Secrets) =>
  unseal(challengeData, v, env, CHALLENGE_TTL_S);

export const sealProof = (d: ProofData, env: Secrets) => seal(d, env, CHALLENGE_TTL_S);
export const unsealProof = (v: string | undefined, env: Secrets) =>
  unseal(proofData, v, env, CHALLENGE_TTL_S);

export const sealDevice = (d: DeviceData, env: Secrets) => seal(d, env, DEVICE_TTL_S);
export const unsealDevice = (v: string | undefined, env: Secrets) =>
  unseal(deviceData, v, env, DEVICE_TTL_S);

/** A hosted sign-in may take this long, Google's own pages included. */
export const OAUTH_FLOW_TTL_S = 10 * 60;
export const sealOAuthFlows = (d: OAuthFlowsData, env: Secrets) => seal(d, env, OAUTH_FLOW_TTL_S);
export const unsealOAuthFlows = (v: string | undefined, env: Secrets) =>
  unseal(oauthFlowsData, v, env, OAUTH_FLOW_TTL_S);

type SessionLimits = { idleS: number; maxS: number };

/** Whether a session may still be used at `now`: live, idle too long, or past its lifetime. */
export function sessionState(
  session: Pick<SessionData, 'startedAt' | 'seenAt'>,
  now: number,
  limits: SessionLimits,
): 'live' | 'idle' | 'expired' {
  if (now - session.startedAt >= limits.maxS || session.startedAt > now + 60) return 'expired';
  if (now - session.seenAt >= limits.idleS) return 'idle';
  return 'live';
}
