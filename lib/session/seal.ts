import 'server-only';
import { createHash } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { userClaimsSchema } from '@/lib/session/claims';
import type { Env } from '@/lib/runtime/env';
import { SESSION_TTL_S } from './lifetimes';

export { SESSION_TTL_S } from './lifetimes';
export const PENDING_TTL_S = 24 * 60 * 60; // a sign-up code's lifetime
export const RESET_TTL_S = 60 * 60; // a reset code's lifetime
export const COOKIE_LIMIT = 4096;

const claims = userClaimsSchema;

const sessionData = z.object({
  v: z.literal(1),
  accessToken: z.string().min(1),
  accessExpiresAt: z.number().int(),
  confirmedAt: z.number().int().optional(),
  startedAt: z.number().int(),
  seenAt: z.number().int(),
  /** This browser's session, from its sign-in on (absent in a cookie sealed before it was kept). */
  sid: z.string().min(1).max(64).optional(),
  claims,
  reauthAt: z.number().int().optional(),
  reauthFor: z.string().max(32).optional(),
});
const refreshData = z.object({
  v: z.literal(1),
  refreshToken: z.string().min(1),
  sub: z.string().min(1),
  startedAt: z.number().int(),
  sid: z.string().min(1).max(64).optional(),
  deviceKey: z.string().min(1).max(55).optional(),
});
const refreshedTokens = z.object({
  key: z.string().min(1),
  accessToken: z.string().min(1),
  accessExpiresAt: z.number().int(),
  refreshToken: z.string().min(1).optional(),
  deviceKey: z.string().min(1).max(55).optional(),
  claims,
});
// All share the secrets: strict shapes, and a kind (`p`), so no value opens as another's.
const pendingData = z.strictObject({ v: z.literal(1), email: z.string().min(3) });
const resetData = z.strictObject({
  v: z.literal(1),
  p: z.literal('reset'),
  email: z.string().min(3),
});
/** Its own cookie: the session cookie has no room left for a 254-character address. */
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
  /** The pool's username the answers name (lib/cognito/shared.ts, poolName); absent in a cookie
   * sealed before it was kept, where the address stands in. */
  userId: z.string().min(1).max(128).optional(),
  second: z.literal(true).optional(),
  destination: z.string().min(1).max(320).optional(),
  choices: z
    .array(z.enum(['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP']))
    .max(3)
    .optional(),
  secret: z.string().min(16).max(128).optional(),
  /** MFA_SETUP: the methods the pool lets this sign-in set up (MFAS_CAN_SETUP). */
  setup: z
    .array(z.enum(['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP']))
    .max(3)
    .optional(),
  deviceKey: z.string().min(1).max(55).optional(),
  /** After a reset: the sign-in ends on the review of the ways in (decision 032). */
  review: z.literal(true).optional(),
});
const proofData = z.object({
  v: z.literal(1),
  sub: z.string().min(1),
  challenge: z.enum(['SMS_MFA', 'EMAIL_OTP']),
  session: z.string().min(1),
  /** The pool's username the code's answer names (absent in a cookie sealed before it was kept). */
  userId: z.string().min(1).max(128).optional(),
  destination: z.string().min(1).max(320).optional(),
});
const deviceEntry = z.object({
  sub: z.string().min(1),
  email: z.string().min(3).max(320),
  key: z.string().min(1).max(55),
  groupKey: z.string().min(1).max(200),
  secret: z.string().min(1).max(200),
});
/** The most accounts whose devices one browser keeps (the newest first). */
export const DEVICES_PER_BROWSER = 4;
/**
 * This browser's Cognito device for each account signed in here, newest first: a shared browser
 * stays one device of each account however they take turns. Version 1 held one account's.
 */
const deviceData = z.union([
  deviceEntry.extend({ v: z.literal(1) }),
  z.object({ v: z.literal(2), devices: z.array(deviceEntry).min(1).max(DEVICES_PER_BROWSER) }),
]);
export type DeviceEntry = z.infer<typeof deviceEntry>;
/** A new device whose ConfirmDevice waits for the pool's quota (decision 054). */
const deviceDueData = z.strictObject({
  v: z.literal(1),
  p: z.literal('device-due'),
  sub: z.string().min(1),
  email: z.string().min(3).max(320),
  key: z.string().min(1).max(55),
  groupKey: z.string().min(1).max(200),
  secret: z.string().min(1).max(200),
  /** The person's choice on the two-step screen, applied once the device is confirmed. */
  remember: z.boolean().optional(),
});
export type DeviceDueData = z.infer<typeof deviceDueData>;
/** A channel binding that waits for the pool's quota (decision 055): the creator record's id. */
const channelDueData = z.strictObject({
  v: z.literal(1),
  p: z.literal('channel-due'),
  sub: z.string().min(1),
  // The pool's MaxLength for the attribute, and Cognito's longest username (Google users' differ
  // from their sub).
  channelId: z.string().min(1).max(256),
  username: z.string().min(1).max(128),
  /** The start of the session it waits in: it serves no other. */
  startedAt: z.number().int(),
});
export type ChannelDueData = z.infer<typeof channelDueData>;

export const OAUTH_FLOWS_MAX = 3;
const oauthFlowsData = z.object({
  v: z.literal(1),
  flows: z
    .array(
      z.object({
        state: z.string().length(32),
        verifier: z.string().length(128),
        startedAt: z.number().int(),
        // A round trip that confirms an account's deletion, for this account only (decision 048).
        purpose: z.literal('delete').optional(),
        sub: z.string().min(1).max(128).optional(),
      }),
    )
    .max(OAUTH_FLOWS_MAX),
});

export type SessionData = z.infer<typeof sessionData>;
export type OAuthFlowsData = z.infer<typeof oauthFlowsData>;
export type ChallengeData = z.infer<typeof challengeData>;
export type ProofData = z.infer<typeof proofData>;
export type DeviceData = z.infer<typeof deviceData>;
/** Decision 016 (docs/product.md §9.4 lists 365-day cookie storage). */
export const DEVICE_TTL_S = 365 * 24 * 60 * 60;
export const REAUTH_WINDOW_S = 10 * 60;
/** Cognito's challenge sessions last 3 minutes. */
export const CHALLENGE_TTL_S = 3 * 60;

type Secrets = Pick<Env, 'sessionPasswords'> & Partial<Pick<Env, 'sessionSealId'>>;

export { cookieNames } from './cookies';

export function cookieOptions(env: Pick<Env, 'mode'>, maxAge: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.mode === 'production',
    path: '/',
    maxAge,
  };
}

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

function bounded(data: SessionData): SessionData {
  const name = data.claims.name === undefined ? undefined : capBytes(data.claims.name, 256);
  // The username serves only where a sign-in completes; the cookie keeps its room for the tokens.
  const claims = { ...data.claims, name, email: capBytes(data.claims.email, 320) };
  delete claims.username;
  // Up to 256 bytes the cookie has no room for: pages ask the pool for it (docs/product.md §4.6).
  delete claims.channelId;
  return { ...data, claims };
}

async function seal(data: object, env: Secrets, ttl: number) {
  const password = env.sessionSealId
    ? { [env.sessionSealId]: env.sessionPasswords[env.sessionSealId]! }
    : env.sessionPasswords;
  const value = await sealData(data, { password, ttl });
  // Remembered as a JSON round trip, the shape unsealData would give back.
  remember(value, env, JSON.parse(JSON.stringify(data)), Date.now());
  return value;
}

// Each sealed value is decrypted once per process: guard, layout and page read the same cookie
// (decision 040). On globalThis: the guard and each route bundle their own copy of this module.
const UNSEALED_MAX = 2000;
const UNSEALED_FOR_MS = 60_000;
type Unsealed = { secrets: string; data: unknown; until: number };
const STORE = Symbol.for('creator-dashboard.session.unsealed');
const unsealedByValue = ((globalThis as { [STORE]?: Map<string, Unsealed> })[STORE] ??= new Map());

/** By value, hashed: each bundle reads the environment into its own object. */
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

export const REFRESHED_SHARE_S = 60;
export const NOT_ME_TTL_S = 7 * 24 * 60 * 60;
const notMeData = z.strictObject({
  v: z.literal(1),
  p: z.literal('not-me'),
  sub: z.string().min(1),
  email: z.string().min(3),
});
/** The address this browser last signed in with: the sign-in form starts from it (decision 047). */
export const REMEMBERED_TTL_S = 90 * 24 * 60 * 60;
const rememberedData = z.strictObject({
  v: z.literal(1),
  p: z.literal('remembered'),
  email: z.string().min(3).max(254),
});
/** A hosted sign-in may take this long, Google's own pages included. */
export const OAUTH_FLOW_TTL_S = 10 * 60;

/**
 * Every sealed value: its shape and how long its seal holds. The cookies' among them share their
 * keys with COOKIES (cookies.ts); `refreshed` (tokens one renewal shares through Redis) and
 * `notMe` (the "this wasn't me" link) are sealed values that are no cookie.
 */
const SEALED = {
  session: { schema: sessionData, ttlS: SESSION_TTL_S },
  refresh: { schema: refreshData, ttlS: SESSION_TTL_S },
  refreshed: { schema: refreshedTokens, ttlS: REFRESHED_SHARE_S },
  pending: { schema: pendingData, ttlS: PENDING_TTL_S },
  notMe: { schema: notMeData, ttlS: NOT_ME_TTL_S },
  remembered: { schema: rememberedData, ttlS: REMEMBERED_TTL_S },
  reset: { schema: resetData, ttlS: RESET_TTL_S },
  emailChange: { schema: emailChangeData, ttlS: SESSION_TTL_S },
  challenge: { schema: challengeData, ttlS: CHALLENGE_TTL_S },
  proof: { schema: proofData, ttlS: CHALLENGE_TTL_S },
  device: { schema: deviceData, ttlS: DEVICE_TTL_S },
  deviceDue: { schema: deviceDueData, ttlS: SESSION_TTL_S },
  channelDue: { schema: channelDueData, ttlS: SESSION_TTL_S },
  oauth: { schema: oauthFlowsData, ttlS: OAUTH_FLOW_TTL_S },
} as const;

export type SealedKind = keyof typeof SEALED;
export type SealedData<K extends SealedKind> = z.infer<(typeof SEALED)[K]['schema']>;

/** Seals `data` as a `kind` (the session's claims bounded to the cookie's room first). */
export function sealAs<K extends SealedKind>(kind: K, data: SealedData<K>, env: Secrets) {
  const value =
    kind === 'session' ? bounded(data as SessionData) : kind === 'challenge' ? padded(data) : data;
  return seal(value, env, SEALED[kind].ttlS);
}

/**
 * Every challenge seals to one length, so the cookie never tells a decoy (lib/auth/precheck.ts) or
 * one kind of account from another: room for Cognito's longest Session (2048) and a long address.
 */
export const CHALLENGE_SEALED_BYTES = 2560;
function padded(data: object): object {
  const base = Buffer.byteLength(JSON.stringify({ ...data, pad: '' }));
  return { ...data, pad: '.'.repeat(Math.max(0, CHALLENGE_SEALED_BYTES - base)) };
}

/** The value as a `kind`, or null: unreadable, expired, sealed with other secrets, or another kind. */
export function unsealAs<K extends SealedKind>(
  kind: K,
  value: string | undefined,
  env: Secrets,
): Promise<SealedData<K> | null> {
  const { schema, ttlS } = SEALED[kind];
  return unseal(schema as unknown as z.ZodType<SealedData<K>>, value, env, ttlS);
}

type SessionLimits = { idleS: number; maxS: number };

export function sessionState(
  session: Pick<SessionData, 'startedAt' | 'seenAt'>,
  now: number,
  limits: SessionLimits,
): 'live' | 'idle' | 'expired' {
  if (now - session.startedAt >= limits.maxS || session.startedAt > now + 60) return 'expired';
  if (now - session.seenAt >= limits.idleS) return 'idle';
  return 'live';
}
