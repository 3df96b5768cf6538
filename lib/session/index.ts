import 'server-only';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Tokens } from '@/lib/cognito';
import { getEnv, type Env } from '@/lib/runtime/env';
import { deviceEnded, isSpent, markSpent, revokedAt, sessionEnded } from './revocations';
import { LOGIN_REASONS, loginPath, type LoginReason } from '@/lib/messages/notices';
import { returnPath } from './return-to';
import {
  CHALLENGE_TTL_S,
  PENDING_TTL_S,
  REAUTH_WINDOW_S,
  RESET_TTL_S,
  REMEMBERED_TTL_S,
  cookieNames,
  cookieOptions,
  type ProofData,
  sessionState,
  type ChallengeData,
  type SealedData,
  type SealedKind,
  type SessionData,
  sealAs,
  unsealAs,
} from './seal';
import type { CookieKind } from './cookies';

export type Session = SessionData;
export { REAUTH_WINDOW_S };

export type CookieWriter = {
  set(name: string, value: string, options?: ReturnType<typeof cookieOptions>): unknown;
};

export const CONFIRM_EVERY_S = 5 * 60;

export const REFRESH_MARGIN_S = 60;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export type EndedReason = LoginReason;
export const ENDED_NOTICE_TTL_S = 10 * 60;

export function parseEndedReason(value: string | undefined): EndedReason | undefined {
  return LOGIN_REASONS.find((r) => r === value);
}

export function sessionCookieOptions(env: Env, startedAt: number) {
  return cookieOptions(env, Math.max(0, startedAt + env.sessionLimits.maxS - nowSeconds()));
}

/** `seenAt` stays as it was when a check, not a person, renewed the tokens. */
/** A session's own id, for ending this browser's session alone (lib/auth/sign-out.ts). */
const newSid = () => randomBytes(16).toString('base64url');

/** The id a session is ended by: its own, or for a cookie sealed before it had one, its start. */
export const sessionId = (session: Pick<Session, 'sid' | 'startedAt'>) =>
  session.sid ?? `t${session.startedAt}`;

/** `continues`: the session these tokens renew (its start, last activity and id); else a new one. */
export async function writeTokens(
  store: CookieWriter,
  tokens: Tokens,
  continues?: Pick<Session, 'startedAt' | 'seenAt' | 'sid'>,
) {
  const env = getEnv();
  const names = cookieNames(env);
  const now = nowSeconds();
  const startedAt = continues?.startedAt ?? now;
  const seenAt = continues?.seenAt;
  const sid = continues ? continues.sid : newSid();
  const opts = sessionCookieOptions(env, startedAt);
  store.set(names.ended, '', cookieOptions(env, 0));
  // A new sign-in may start within the same second as the last sign-out's mark.
  if (continues === undefined) store.set(names.signedOut, '', cookieOptions(env, 0));
  store.set(
    names.session,
    await sealAs(
      'session',
      {
        v: 1,
        accessToken: tokens.accessToken,
        accessExpiresAt: tokens.accessExpiresAt,
        confirmedAt: now,
        startedAt,
        seenAt: seenAt ?? now,
        ...(sid ? { sid } : {}),
        claims: tokens.claims,
      },
      env,
    ),
    opts,
  );
  if (tokens.refreshToken) {
    store.set(
      names.refresh,
      await sealAs(
        'refresh',
        {
          v: 1,
          refreshToken: tokens.refreshToken,
          sub: tokens.claims.sub,
          startedAt,
          ...(sid ? { sid } : {}),
          ...(tokens.deviceKey ? { deviceKey: tokens.deviceKey } : {}),
        },
        env,
      ),
      opts,
    );
  }
}

/** The `cd_signed_out` mark (docs/architecture.md §3.5); undefined when absent or malformed. */
export function parseSignedOutAt(value: string | undefined): number | undefined {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

export function signedOutOf(session: Pick<Session, 'startedAt'>, signedOutAt: number | undefined) {
  return signedOutAt !== undefined && session.startedAt <= signedOutAt;
}

export function clearTokens(store: CookieWriter) {
  const env = getEnv();
  const names = cookieNames(env);
  const gone = cookieOptions(env, 0);
  store.set(names.session, '', gone);
  store.set(names.refresh, '', gone);
  store.set(names.emailChange, '', gone);
  store.set(names.proof, '', gone);
  store.set(names.deviceDue, '', gone);
  store.set(names.channelDue, '', gone);
}

export async function verifySession(): Promise<Session | null> {
  const env = getEnv();
  const jar = await cookies();
  const names = cookieNames(env);
  const session = await unsealAs('session', jar.get(names.session)?.value, env);
  const now = nowSeconds();
  if (!session || session.accessExpiresAt <= now) return null;
  if (signedOutOf(session, parseSignedOutAt(jar.get(names.signedOut)?.value))) return null;
  if (sessionState(session, now, env.sessionLimits) !== 'live') return null;
  const stored = await unsealAs('refresh', jar.get(names.refresh)?.value, env);
  if (await endedBy(session, stored?.sub === session.claims.sub ? stored.deviceKey : undefined))
    return null;
  return session;
}

/**
 * Why a session no longer counts: ended at the account (everywhere, after it started), alone (a
 * sign-out in its browser), or with its device (ended from another browser's Devices).
 */
export async function endedBy(
  session: Session,
  deviceKey: string | undefined,
): Promise<'revoked' | 'ended' | 'device-ended' | undefined> {
  const { sub } = session.claims;
  const [revoked, ended, deviceGone] = await Promise.all([
    revokedAt(sub),
    sessionEnded(sub, sessionId(session)),
    deviceKey ? deviceEnded(sub, deviceKey) : false,
  ]);
  if (ended) return 'ended';
  if (revoked !== undefined && session.startedAt < revoked) return 'revoked';
  return deviceGone ? 'device-ended' : undefined;
}

/** For pages; a server action's re-render follows this redirect too, so it carries the reason. */
export async function requireSession(): Promise<Session> {
  const session = await verifySession();
  if (!session) {
    const ended = parseEndedReason((await cookies()).get(cookieNames(getEnv()).ended)?.value);
    redirect(loginPath(ended));
  }
  return session;
}

export async function updateSessionClaims(session: Session, claims: Partial<Session['claims']>) {
  const env = getEnv();
  const jar = await cookies();
  jar.set(
    cookieNames(env).session,
    await sealAs('session', { ...session, claims: { ...session.claims, ...claims } }, env),
    sessionCookieOptions(env, session.startedAt),
  );
}

/** ASVS 3.7.1. Later updates in the same request must build on the session it answers. */
export async function recordReauth(session: Session, op?: string): Promise<Session> {
  const env = getEnv();
  // The purpose and a one-time id: a spent proof is recognised even within the same second.
  const reauthFor = op ? `${op.slice(0, 20)}:${crypto.randomUUID().slice(0, 8)}` : undefined;
  const next: Session = { ...session, reauthAt: nowSeconds(), reauthFor };
  (await cookies()).set(
    cookieNames(env).session,
    await sealAs('session', next, env),
    sessionCookieOptions(env, session.startedAt),
  );
  return next;
}

/** A way in added with a proof needs a proof of its own, never a leftover one (decision 030). */
export async function spendReauth(session: Session): Promise<Session> {
  const env = getEnv();
  if (session.reauthFor) await markSpent(session.claims.sub, session.reauthFor);
  const next: Session = { ...session, reauthAt: undefined, reauthFor: undefined };
  (await cookies()).set(
    cookieNames(env).session,
    await sealAs('session', next, env),
    sessionCookieOptions(env, session.startedAt),
  );
  return next;
}

export async function proofFor(session: Session, op: string): Promise<boolean> {
  if (!reauthFresh(session) || !session.reauthFor?.startsWith(`${op}:`)) return false;
  return !(await isSpent(session.claims.sub, session.reauthFor));
}

/** Within REAUTH_WINDOW_S; a proof dated over 60 s in the future is refused. */
export function reauthFresh(session: Pick<Session, 'reauthAt'>, now = nowSeconds()): boolean {
  const at = session.reauthAt;
  return at !== undefined && at <= now + 60 && now - at < REAUTH_WINDOW_S;
}

/**
 * The one way a request writes, reads and clears a sealed cookie of the table (cookies.ts): the
 * name from COOKIES, the seal from SEALED, the options from cookieOptions.
 */
async function writeSealed<K extends SealedKind & CookieKind>(
  kind: K,
  data: SealedData<K>,
  maxAgeS: number,
  store?: CookieWriter,
) {
  const env = getEnv();
  (store ?? (await cookies())).set(
    cookieNames(env)[kind],
    await sealAs(kind, data, env),
    cookieOptions(env, maxAgeS),
  );
}

async function readSealed<K extends SealedKind & CookieKind>(
  kind: K,
): Promise<SealedData<K> | null> {
  const env = getEnv();
  return unsealAs(kind, (await cookies()).get(cookieNames(env)[kind])?.value, env);
}

async function clearCookie(kind: CookieKind, store?: CookieWriter) {
  const env = getEnv();
  (store ?? (await cookies())).set(cookieNames(env)[kind], '', cookieOptions(env, 0));
}

const remainingS = (session: Pick<Session, 'startedAt'>) =>
  Math.max(0, session.startedAt + getEnv().sessionLimits.maxS - nowSeconds());

/** Shown on the profile until verified or cancelled, for the rest of the session. */
export const setEmailChange = (session: Session, email: string) =>
  writeSealed('emailChange', { v: 1, sub: session.claims.sub, email }, remainingS(session));

export async function getEmailChange(session: Session): Promise<string | null> {
  const data = await readSealed('emailChange');
  return data && data.sub === session.claims.sub ? data.email : null;
}

export const clearEmailChange = () => clearCookie('emailChange');

export const setProofChallenge = (session: Session, proof: Omit<ProofData, 'v' | 'sub'>) =>
  writeSealed('proof', { v: 1, sub: session.claims.sub, ...proof }, CHALLENGE_TTL_S);

export async function getProofChallenge(session: Session): Promise<ProofData | null> {
  const data = await readSealed('proof');
  return data && data.sub === session.claims.sub ? data : null;
}

export const clearProofChallenge = () => clearCookie('proof');

export const setPendingEmail = (email: string) =>
  writeSealed('pending', { v: 1, email }, PENDING_TTL_S);
export const getPendingEmail = async () => (await readSealed('pending'))?.email ?? null;
export const clearPendingEmail = () => clearCookie('pending');

/** The sign-in form starts from the address this browser last signed in with (decision 047). */
export const rememberEmail = (email: string) =>
  writeSealed('remembered', { v: 1, p: 'remembered', email }, REMEMBERED_TTL_S);
export const rememberedEmail = async () => (await readSealed('remembered'))?.email ?? null;
export const forgetEmail = (store?: CookieWriter) => clearCookie('remembered', store);

/** A reset's code is taken only in the browser that asked for it (decision 031). */
export const setResetEmail = (email: string) =>
  writeSealed('reset', { v: 1, p: 'reset', email }, RESET_TTL_S);
export const getResetEmail = async () => (await readSealed('reset'))?.email ?? null;
export const clearResetEmail = () => clearCookie('reset');

export const setChallenge = (challenge: Omit<ChallengeData, 'v'>) =>
  writeSealed('challenge', { v: 1, ...challenge }, CHALLENGE_TTL_S);
export const getChallenge = () => readSealed('challenge');
/** This browser's refresh token, for its own sign-out. */
export const getRefresh = () => readSealed('refresh');
export const clearChallenge = () => clearCookie('challenge');

/** Ends the session in this browser; a route handler passes its response's cookies. */
export async function endSession(reason?: EndedReason, store?: CookieWriter) {
  const jar = store ?? (await cookies());
  const env = getEnv();
  clearTokens(jar);
  jar.set(
    cookieNames(env).signedOut,
    String(nowSeconds()),
    cookieOptions(env, env.sessionLimits.maxS),
  );
  if (reason) jar.set(cookieNames(env).ended, reason, cookieOptions(env, ENDED_NOTICE_TTL_S));
}

/** The page a signed-out visit asked for, used once by the sign-in that follows. */
export async function takeReturnTo(): Promise<string | null> {
  const env = getEnv();
  const jar = await cookies();
  const name = cookieNames(env).returnTo;
  const kept = returnPath(jar.get(name)?.value);
  if (jar.has(name)) jar.set(name, '', cookieOptions(env, 0));
  return kept;
}
