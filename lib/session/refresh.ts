import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { confirmSession } from '@/lib/cognito';
import { settleChannelDue } from '@/lib/dashboard/channel';
import { listFirst, readDevices, sealDevices } from '@/lib/devices/browser';
import { confirmDueDevice } from '@/lib/devices/due';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { needsConfirmation, needsRefresh } from './access';
import { refreshOnce } from './refresh-once';
import {
  CONFIRM_EVERY_S,
  REFRESH_MARGIN_S,
  clearTokens,
  ENDED_NOTICE_TTL_S,
  nowSeconds,
  parseEndedReason,
  parseSignedOutAt,
  endedBy,
  sessionCookieOptions,
  signedOutOf,
  writeTokens,
} from './index';
import type { EndedReason } from './index';
import { SEEN_GRANULARITY_S } from './lifetimes';
import { cookieNames, cookieOptions, DEVICE_TTL_S, sessionState, sealAs, unsealAs } from './seal';

type GuardAuth = {
  signedIn: boolean;
  ended?: EndedReason;
  apply(response: NextResponse): void;
  told(response: NextResponse): void;
};

type Jar = { name: string; value: string; options?: Parameters<NextResponse['cookies']['set']>[2] };

/**
 * `activity: false` for a check the page makes on its own (the session route's GET): it renews
 * nothing the idle rule counts, so only a person's requests keep the session alive.
 */
export async function authenticateRequest(
  request: NextRequest,
  { activity = true }: { activity?: boolean } = {},
): Promise<GuardAuth> {
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
  const notice = parseEndedReason(request.cookies.get(names.ended)?.value);
  const result = (signedIn: boolean, ended?: GuardAuth['ended']): GuardAuth => ({
    signedIn,
    ended: signedIn ? undefined : (ended ?? notice),
    apply(response) {
      for (const c of pending) response.cookies.set(c.name, c.value, c.options);
    },
    told(response) {
      if (request.cookies.has(names.ended))
        response.cookies.set(names.ended, '', cookieOptions(env, 0));
    },
  });

  const ended = (reason: EndedReason | undefined): GuardAuth => {
    if (reason && request.headers.get('sec-fetch-dest') !== 'document')
      writer.set(names.ended, reason, cookieOptions(env, ENDED_NOTICE_TTL_S));
    return result(false, reason);
  };

  const signedOutAt = parseSignedOutAt(request.cookies.get(names.signedOut)?.value);
  const sessionCookie = request.cookies.get(names.session)?.value;
  const refreshCookie = request.cookies.get(names.refresh)?.value;
  if (!sessionCookie && !refreshCookie) return result(false);

  const [session, stored] = await Promise.all([
    unsealAs('session', sessionCookie, env),
    unsealAs('refresh', refreshCookie, env),
  ]);
  // Someone else's refresh cookie (swapped in, left over) would sign this browser in as them.
  if (session && stored && stored.sub !== session.claims.sub) {
    log.warn('session.mismatch');
    clearTokens(writer);
    return result(false);
  }
  // Nothing tells how long the person has been away: a refresh cookie alone never starts a session.
  if (!session) {
    clearTokens(writer);
    return result(false);
  }
  if (signedOutOf(session, signedOutAt)) {
    log.info('session.ended', { reason: 'signed-out', account: session.claims.sub });
    clearTokens(writer);
    return result(false);
  }
  const now = nowSeconds();
  const state = sessionState(session, now, env.sessionLimits);
  if (state !== 'live') {
    log.info('session.ended', { reason: state, account: session.claims.sub });
    clearTokens(writer);
    return ended(state === 'idle' ? 'idle' : 'session-expired');
  }
  // As verifySession() decides, or the guard and the page would send the person back and forth.
  const endedHow = await endedBy(session, stored?.deviceKey);
  if (endedHow) {
    log.info('session.ended', { reason: endedHow, account: session.claims.sub });
    clearTokens(writer);
    return endedHow === 'device-ended' ? ended('device-ended') : result(false);
  }
  const seen =
    activity && now - session.seenAt >= SEEN_GRANULARITY_S ? { ...session, seenAt: now } : session;
  const keep = async (next: typeof session) =>
    writer.set(
      names.session,
      await sealAs('session', next, env),
      sessionCookieOptions(env, next.startedAt),
    );

  // A device whose confirmation waited for Cognito's quota (decision 054): confirmed on this
  // request's share, or in any case while the tokens can still be renewed, which needs it.
  const due = request.cookies.get(names.deviceDue)?.value;
  if (due) {
    // At once when the token could expire before the next request the idle rule allows: a later
    // request would find it expired and could no longer confirm the device.
    const lastChance = env.sessionLimits.idleS + REFRESH_MARGIN_S;
    const renewing = needsRefresh(session.accessExpiresAt, now, lastChance);
    const outcome = await confirmDueDevice(
      due,
      { accessToken: session.accessToken, sub: session.claims.sub },
      request.headers.get('user-agent'),
      renewing,
    );
    if (!outcome.keep) {
      writer.set(names.deviceDue, '', cookieOptions(env, 0));
      if (outcome.device) {
        // Beside the devices this browser holds for other accounts (lib/devices/browser.ts).
        const held = await readDevices(request.cookies.get(names.device)?.value, env);
        const value = await sealDevices(listFirst(held, outcome.device), env);
        writer.set(names.device, value, cookieOptions(env, DEVICE_TTL_S));
      }
    }
  }

  // A channel binding of this session that waits for Cognito's UserUpdate quota (decision 055).
  const channel = request.cookies.get(names.channelDue)?.value;
  if (channel && (await settleChannelDue(session, channel)) === 'clear')
    writer.set(names.channelDue, '', cookieOptions(env, 0));

  if (!needsRefresh(session.accessExpiresAt, now, REFRESH_MARGIN_S)) {
    if (!needsConfirmation(request.nextUrl.pathname, session.confirmedAt, now, CONFIRM_EVERY_S)) {
      if (seen !== session) await keep(seen);
      return result(true);
    }
    const confirmed = await confirmSession(session.accessToken);
    if (confirmed.ok) {
      const claims = { ...session.claims, ...confirmed.value, sub: session.claims.sub };
      await keep({ ...seen, confirmedAt: now, claims });
      return result(true);
    }
    if (confirmed.failure.kind !== 'session-invalid') {
      log.warn('session.confirm_failed', { reason: confirmed.failure.name });
      if (seen !== session) await keep(seen);
      return result(true);
    }
    log.info('session.ended', {
      reason: confirmed.failure.name,
      by: 'confirm',
      account: session.claims.sub,
    });
    clearTokens(writer);
    return ended(confirmed.failure.name === 'UserNotFoundException' ? 'no-account' : undefined);
  }

  if (!stored) {
    clearTokens(writer);
    return result(false);
  }

  const refreshed = await refreshOnce(stored.refreshToken, stored.deviceKey);
  if (refreshed.ok && refreshed.value.claims.sub !== session.claims.sub) {
    log.error('session.refresh_other_account', { account: session.claims.sub });
    clearTokens(writer);
    return result(false);
  }
  if (refreshed.ok) {
    await writeTokens(writer, refreshed.value, seen);
    return result(true);
  }
  if (refreshed.failure.kind === 'session-invalid') {
    log.info('session.ended', { reason: refreshed.failure.name, account: session.claims.sub });
    clearTokens(writer);
    return stored.deviceKey ? ended('device-ended') : result(false);
  }
  log.warn('session.refresh_failed', { reason: refreshed.failure.name });
  const usable = session.accessExpiresAt > now;
  if (usable && seen !== session) await keep(seen);
  return result(usable);
}
