import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Tokens } from '@/lib/cognito';
import { getEnv, type Env } from '@/lib/env';
import { isSpent, markSpent, revokedAt } from './revocations';
import { LOGIN_REASONS, loginPath, type LoginReason } from '@/lib/login-notices';
import {
  CHALLENGE_TTL_S,
  PENDING_TTL_S,
  REAUTH_WINDOW_S,
  RESET_TTL_S,
  sealReset,
  unsealReset,
  cookieNames,
  cookieOptions,
  sealChallenge,
  sealEmailChange,
  sealProof,
  unsealProof,
  type ProofData,
  sealPending,
  sealRefresh,
  sealSession,
  unsealChallenge,
  unsealEmailChange,
  unsealPending,
  unsealSession,
  sessionState,
  type ChallengeData,
  type SessionData,
} from './seal';

export type Session = SessionData;
export { REAUTH_WINDOW_S };

/** A store with the shape both `cookies()` and NextResponse/NextRequest cookies share. */
type CookieWriter = {
  set(name: string, value: string, options?: ReturnType<typeof cookieOptions>): unknown;
};

/**
 * How long a session is trusted without asking Cognito again: a sign-out elsewhere ends every
 * session within this time. Pages that show or change account data ask every time.
 */
export const CONFIRM_EVERY_S = 5 * 60;

/** Seconds before expiry at which the guard refreshes the access token (docs/architecture.md §3). */
export const REFRESH_MARGIN_S = 60;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * What /login should tell the person (?reason=…): why a session ended, or how a sign-in with Google
 * ended where the pool's /logout came back to /login (lib/login-notices.ts).
 */
export type EndedReason = LoginReason;
/** How long the reason waits for the next page that can show it. */
export const ENDED_NOTICE_TTL_S = 10 * 60;

/** A reason read back from its cookie; anything else (someone wrote it) is ignored. */
export function parseEndedReason(value: string | undefined): EndedReason | undefined {
  return LOGIN_REASONS.find((r) => r === value);
}

/** Cookie options for a session started at `startedAt`: the cookie goes when the session must. */
export function sessionCookieOptions(env: Env, startedAt: number) {
  return cookieOptions(env, Math.max(0, startedAt + env.sessionLimits.maxS - nowSeconds()));
}

/**
 * Writes a sign-in (or a refresh of one) to the two session cookies. A new sign-in starts a new
 * session; a refresh passes the `startedAt` of the session it continues.
 */
export async function writeTokens(store: CookieWriter, tokens: Tokens, continues?: number) {
  const env = getEnv();
  const names = cookieNames(env);
  const now = nowSeconds();
  const startedAt = continues ?? now;
  const opts = sessionCookieOptions(env, startedAt);
  // A reason an earlier session ended belongs to that session.
  store.set(names.ended, '', cookieOptions(env, 0));
  // So does the mark of its sign-out: a new sign-in may start within the same second.
  if (continues === undefined) store.set(names.signedOut, '', cookieOptions(env, 0));
  store.set(
    names.session,
    await sealSession(
      {
        v: 1,
        accessToken: tokens.accessToken,
        accessExpiresAt: tokens.accessExpiresAt,
        confirmedAt: now,
        startedAt,
        seenAt: now,
        claims: tokens.claims,
      },
      env,
    ),
    opts,
  );
  if (tokens.refreshToken) {
    store.set(
      names.refresh,
      await sealRefresh(
        {
          v: 1,
          refreshToken: tokens.refreshToken,
          sub: tokens.claims.sub,
          startedAt,
          ...(tokens.deviceKey ? { deviceKey: tokens.deviceKey } : {}),
        },
        env,
      ),
      opts,
    );
  }
}

/**
 * When this browser last signed out (the sign-out's answer leaves the mark), read from its cookie.
 * A request already under way at the sign-out may answer after it and write the session cookie
 * back; a session that started at or before the mark is over all the same. Undefined when there
 * is no mark, or it is not one we wrote.
 */
export function parseSignedOutAt(value: string | undefined): number | undefined {
  return value && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** Whether a session is one this browser has signed out of (see parseSignedOutAt). */
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
}

/**
 * The check every server action and route handler makes for itself, whatever the guard did:
 * a sealed, well-formed session whose access token has not expired, neither idle too long nor
 * past its lifetime. Null otherwise.
 */
export async function verifySession(): Promise<Session | null> {
  const env = getEnv();
  const jar = await cookies();
  const names = cookieNames(env);
  const session = await unsealSession(jar.get(names.session)?.value, env);
  const now = nowSeconds();
  if (!session || session.accessExpiresAt <= now) return null;
  if (signedOutOf(session, parseSignedOutAt(jar.get(names.signedOut)?.value))) return null;
  if (sessionState(session, now, env.sessionLimits) !== 'live') return null;
  // Every session of the account was ended since this one started (./revocations.ts).
  const revoked = await revokedAt(session.claims.sub);
  if (revoked !== undefined && session.startedAt < revoked) return null;
  return session;
}

/**
 * For pages: the session, or off to /login, saying why when a reason waits. A server action that
 * ends the session re-renders the page in its answer and the router follows this redirect, so it
 * carries the reason as the guard's does.
 */
export async function requireSession(): Promise<Session> {
  const session = await verifySession();
  if (!session) {
    const ended = parseEndedReason((await cookies()).get(cookieNames(getEnv()).ended)?.value);
    redirect(loginPath(ended));
  }
  return session;
}

/** Replaces the claims of the current session (after a profile change or attribute check). */
export async function updateSessionClaims(session: Session, claims: Partial<Session['claims']>) {
  const env = getEnv();
  const jar = await cookies();
  jar.set(
    cookieNames(env).session,
    await sealSession({ ...session, claims: { ...session.claims, ...claims } }, env),
    sessionCookieOptions(env, session.startedAt),
  );
}

/**
 * Records in the sealed session that the person has just proved their password (ASVS 3.7.1).
 * Answers the session as now written, for later updates in the same request to build on.
 */
export async function recordReauth(session: Session, op?: string): Promise<Session> {
  const env = getEnv();
  // The purpose and a one-time id: a spent proof is recognised even within the same second.
  const reauthFor = op ? `${op.slice(0, 20)}:${crypto.randomUUID().slice(0, 8)}` : undefined;
  const next: Session = { ...session, reauthAt: nowSeconds(), reauthFor };
  (await cookies()).set(
    cookieNames(env).session,
    await sealSession(next, env),
    sessionCookieOptions(env, session.startedAt),
  );
  return next;
}

/**
 * Spends the proof: a way in added with it (a passkey, an authenticator app) needs a proof of its
 * own, never one left from an earlier change or a sign-in (decision 030).
 */
export async function spendReauth(session: Session): Promise<Session> {
  const env = getEnv();
  if (session.reauthFor) await markSpent(session.claims.sub, session.reauthFor);
  const next: Session = { ...session, reauthAt: undefined, reauthFor: undefined };
  (await cookies()).set(
    cookieNames(env).session,
    await sealSession(next, env),
    sessionCookieOptions(env, session.startedAt),
  );
  return next;
}

/**
 * Whether a proof given for `op` (a passkey, an authenticator app) is fresh and unspent: not one
 * given for another change, and not one already used, even if an old cookie still carries it.
 */
export async function proofFor(session: Session, op: string): Promise<boolean> {
  if (!reauthFresh(session) || !session.reauthFor?.startsWith(`${op}:`)) return false;
  return !(await isSpent(session.claims.sub, session.reauthFor));
}

/** Whether the password was proved within the last REAUTH_WINDOW_S (and not in the future). */
export function reauthFresh(session: Pick<Session, 'reauthAt'>, now = nowSeconds()): boolean {
  const at = session.reauthAt;
  return at !== undefined && at <= now + 60 && now - at < REAUTH_WINDOW_S;
}

/** The address a proven email change named, for this account, for as long as the proof holds. */
export async function setEmailChange(session: Session, email: string) {
  const env = getEnv();
  (await cookies()).set(
    cookieNames(env).emailChange,
    await sealEmailChange({ v: 1, sub: session.claims.sub, email }, env),
    cookieOptions(env, REAUTH_WINDOW_S),
  );
}

/** That address, when it belongs to this session's account; null otherwise. */
export async function getEmailChange(session: Session): Promise<string | null> {
  const env = getEnv();
  const data = await unsealEmailChange(
    (await cookies()).get(cookieNames(env).emailChange)?.value,
    env,
  );
  return data && data.sub === session.claims.sub ? data.email : null;
}

/** A proof waiting on a sent two-step code, for this session's account. */
export async function setProofChallenge(session: Session, proof: Omit<ProofData, 'v' | 'sub'>) {
  const env = getEnv();
  (await cookies()).set(
    cookieNames(env).proof,
    await sealProof({ v: 1, sub: session.claims.sub, ...proof }, env),
    cookieOptions(env, CHALLENGE_TTL_S),
  );
}

/** That proof, when it belongs to this session's account; null otherwise. */
export async function getProofChallenge(session: Session): Promise<ProofData | null> {
  const env = getEnv();
  const data = await unsealProof((await cookies()).get(cookieNames(env).proof)?.value, env);
  return data && data.sub === session.claims.sub ? data : null;
}

export async function clearProofChallenge() {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).proof, '', cookieOptions(env, 0));
}

export async function clearEmailChange() {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).emailChange, '', cookieOptions(env, 0));
}

/**
 * Ends the session where an action or route handler finds it over, for good: a session cookie a
 * late answer writes back is refused (parseSignedOutAt). With a reason, the next page
 * that sends the person to /login says why (the guard reads it once), though the session is gone
 * by then.
 */
export async function endSession(reason?: EndedReason) {
  const jar = await cookies();
  const env = getEnv();
  clearTokens(jar);
  // Kept as long as any session of this browser could last (parseSignedOutAt).
  jar.set(
    cookieNames(env).signedOut,
    String(nowSeconds()),
    cookieOptions(env, env.sessionLimits.maxS),
  );
  if (reason) jar.set(cookieNames(env).ended, reason, cookieOptions(env, ENDED_NOTICE_TTL_S));
}

/** The email waiting for its sign-up code, kept server-side so /verify-email survives a reload. */
export async function setPendingEmail(email: string) {
  const env = getEnv();
  (await cookies()).set(
    cookieNames(env).pending,
    await sealPending({ v: 1, email }, env),
    cookieOptions(env, PENDING_TTL_S),
  );
}

export async function getPendingEmail(): Promise<string | null> {
  const env = getEnv();
  return (
    (await unsealPending((await cookies()).get(cookieNames(env).pending)?.value, env))?.email ??
    null
  );
}

export async function clearPendingEmail() {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).pending, '', cookieOptions(env, 0));
}

/**
 * The email a reset was asked for in this browser. The code and new password are taken for it
 * only here: guesses sent from elsewhere reach no account's limits (decision 031).
 */
export async function setResetEmail(email: string) {
  const env = getEnv();
  (await cookies()).set(
    cookieNames(env).reset,
    await sealReset({ v: 1, p: 'reset', email }, env),
    cookieOptions(env, RESET_TTL_S),
  );
}

export async function getResetEmail(): Promise<string | null> {
  const env = getEnv();
  return (
    (await unsealReset((await cookies()).get(cookieNames(env).reset)?.value, env))?.email ?? null
  );
}

export async function clearResetEmail() {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).reset, '', cookieOptions(env, 0));
}

/** A sign-in halfway through a Cognito challenge (MFA code, new password), kept server-side. */
export async function setChallenge(challenge: Omit<ChallengeData, 'v'>) {
  const env = getEnv();
  (await cookies()).set(
    cookieNames(env).challenge,
    await sealChallenge({ v: 1, ...challenge }, env),
    cookieOptions(env, CHALLENGE_TTL_S),
  );
}

export async function getChallenge(): Promise<ChallengeData | null> {
  const env = getEnv();
  return unsealChallenge((await cookies()).get(cookieNames(env).challenge)?.value, env);
}

export async function clearChallenge() {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).challenge, '', cookieOptions(env, 0));
}
