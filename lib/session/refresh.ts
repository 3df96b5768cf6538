import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { confirmSession, refresh } from '@/lib/cognito';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { needsConfirmation, needsRefresh } from './guard';
import { CONFIRM_EVERY_S, REFRESH_MARGIN_S, clearTokens, nowSeconds, writeTokens } from './index';
import { SESSION_TTL_S, cookieNames, cookieOptions, sealSession, unsealRefresh, unsealSession } from './seal';

export type GuardAuth = {
  signedIn: boolean;
  /** Why a session just ended, when the person should be told (the account is gone). */
  ended?: 'no-account';
  /** Applies the cookie changes (refreshed or cleared) to the outgoing response. */
  apply(response: NextResponse): void;
};

type Jar = { name: string; value: string; options?: Parameters<NextResponse['cookies']['set']>[2] };

/**
 * Reads the session for the guard, refreshing an access token that has expired or is about to.
 * New cookies are written onto the request too, so the page rendered in this same request
 * already sees them (design §3). An invalid session is cleared.
 */
export async function authenticateRequest(request: NextRequest): Promise<GuardAuth> {
  const env = getEnv();
  const names = cookieNames(env);
  const pending: Jar[] = [];
  const writer = {
    set(name: string, value: string, options?: Jar['options']) {
      pending.push({ name, value, options });
      if (value) request.cookies.set(name, value);
      else request.cookies.delete(name);
    },
  };
  const result = (signedIn: boolean, ended?: GuardAuth['ended']): GuardAuth => ({
    signedIn,
    ended,
    apply(response) {
      for (const c of pending) response.cookies.set(c.name, c.value, c.options);
    },
  });

  const sessionCookie = request.cookies.get(names.session)?.value;
  const refreshCookie = request.cookies.get(names.refresh)?.value;
  if (!sessionCookie && !refreshCookie) return result(false);

  const [session, stored] = await Promise.all([unsealSession(sessionCookie, env), unsealRefresh(refreshCookie, env)]);
  // The two cookies must belong to the same person: a refresh cookie of someone else (swapped in,
  // or left over) would otherwise turn this browser into that person at the next refresh.
  if (session && stored && stored.sub !== session.claims.sub) {
    log.warn('session.mismatch');
    clearTokens(writer);
    return result(false);
  }
  const now = nowSeconds();
  if (session && !needsRefresh(session.accessExpiresAt, now, REFRESH_MARGIN_S)) {
    if (!needsConfirmation(request.nextUrl.pathname, session.confirmedAt, now, CONFIRM_EVERY_S)) return result(true);
    // Ask Cognito whether the token still stands (GlobalSignOut elsewhere revokes it).
    const confirmed = await confirmSession(session.accessToken);
    if (confirmed.ok) {
      const claims = { ...session.claims, ...confirmed.value, sub: session.claims.sub };
      writer.set(names.session, await sealSession({ ...session, confirmedAt: now, claims }, env), cookieOptions(env, SESSION_TTL_S));
      return result(true);
    }
    if (confirmed.failure.kind !== 'session-invalid') {
      log.warn('session.confirm_failed', { reason: confirmed.failure.name });
      return result(true);
    }
    log.info('session.ended', { reason: confirmed.failure.name, by: 'confirm' });
    clearTokens(writer);
    return result(false, confirmed.failure.name === 'UserNotFoundException' ? 'no-account' : undefined);
  }

  if (!stored) {
    if (sessionCookie || refreshCookie) clearTokens(writer);
    return result(false);
  }

  const refreshed = await refresh(stored.refreshToken, stored.sub);
  if (refreshed.ok) {
    await writeTokens(writer, refreshed.value);
    return result(true);
  }
  if (refreshed.failure.kind === 'session-invalid') {
    log.info('session.ended', { reason: refreshed.failure.name });
    clearTokens(writer);
    return result(false);
  }
  // Identity unreachable: keep the cookies for a later try; the still-valid token may serve.
  log.warn('session.refresh_failed', { reason: refreshed.failure.name });
  return result(!!session && session.accessExpiresAt > now);
}
