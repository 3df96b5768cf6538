import 'server-only';
import type { UserClaims } from '@/lib/cognito';
import { bindChannel } from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { takeQuota } from '@/lib/http/rate-limit';
import { nowSeconds, type CookieWriter, type Session } from '@/lib/session';
import { cookies } from 'next/headers';
import {
  cookieNames,
  cookieOptions,
  type ChannelDueData,
  sealAs,
  unsealAs,
} from '@/lib/session/seal';

/**
 * AdminUpdateUserAttributes is in Cognito's UserUpdate category, 25 calls a second per account and
 * Region, not adjustable ("Quotas in Amazon Cognito"): bindings take a share of it across
 * instances (CHANNEL_BINDS_PER_SECOND); past it a binding waits for a later request (decision 055).
 */
export const bindQuota = () => takeQuota('bind-channel', getEnv().CHANNEL_BINDS_PER_SECOND);

/** A binding that waits: the channel, and the pool's username to bind it to (Google's differ). */
export type ChannelDue = Pick<ChannelDueData, 'channelId' | 'username'>;

export type Bound = { ok: true; claims: UserClaims; channelDue?: ChannelDue } | { ok: false };

/**
 * Binds the creator record's channel id (decision 006); without a record, the bound one stands.
 * Refused only when the creator system could not be asked and the account has no channel yet:
 * a bound account signs in through an outage (decision 044). An unbound account's binding past
 * the quota, or that a busy pool refused, is `channelDue`: its session carries the record's id
 * until the guard binds it.
 */
export async function boundClaims(
  claims: UserClaims,
  lookup?: CreatorResult<string>,
): Promise<Bound> {
  if (!claims.emailVerified) return { ok: true, claims };
  const record = lookup ?? (await findCreatorId(claims.email));
  if (!record.ok) {
    if (record.reason === 'unavailable') {
      if (!claims.channelId) return { ok: false };
      log.info('channel.lookup_skipped', { account: claims.sub });
    }
    return { ok: true, claims };
  }
  if (record.value === claims.channelId) return { ok: true, claims };
  if (claims.channelId) log.warn('channel.corrected', { account: claims.sub });
  const withRecord = { ...claims, channelId: record.value };
  const username = claims.username ?? claims.sub;
  // Only an unbound account waits: where the pool holds a channel, that one serves until the
  // next sign-in corrects it.
  const due = claims.channelId ? undefined : { channelId: record.value, username };
  if (!(await bindQuota())) {
    log.info('channel.bind_deferred', { account: claims.sub });
    return { ok: true, claims: withRecord, channelDue: due };
  }
  const bound = await bindChannel(getEnv(), username, record.value);
  if (bound.ok) {
    log.info('channel.bound', { account: claims.sub });
    return { ok: true, claims: withRecord };
  }
  if (bound.failure.kind === 'unavailable') {
    log.warn('channel.bind_deferred', { account: claims.sub, reason: bound.failure.name });
    return { ok: true, claims: withRecord, channelDue: due };
  }
  log.error('channel.bind_failed', { reason: bound.failure.name });
  return { ok: true, claims: withRecord };
}

/** The session a binding waits in: a copy from another session never matches. */
type DueSession = Pick<Session, 'startedAt'> & { claims: Pick<UserClaims, 'sub'> };
type DueClaims = Pick<UserClaims, 'sub' | 'email' | 'emailVerified'>;

/**
 * The guard's turn for a binding that waited: on this request's share of the quota, and only as
 * the creator record still says (decision 006). `done` when the pool holds the record's channel,
 * or the binding can never succeed; `wait` while the share or the creator system is missing.
 */
async function bindDueChannel(claims: DueClaims, due: ChannelDue): Promise<'done' | 'wait'> {
  const account = claims.sub;
  if (!claims.emailVerified || !(await bindQuota())) return 'wait';
  const record = await findCreatorId(claims.email);
  if (!record.ok) {
    if (record.reason === 'unavailable') return 'wait';
    log.warn('channel.due_dropped', { account, reason: record.reason });
    return 'done';
  }
  if (record.value !== due.channelId) log.warn('channel.corrected', { account });
  const bound = await bindChannel(getEnv(), due.username, record.value);
  if (bound.ok) {
    log.info('channel.bound_later', { account });
    return 'done';
  }
  if (bound.failure.kind === 'unavailable') return 'wait';
  log.error('channel.bind_failed', { reason: bound.failure.name });
  return 'done';
}

/** What a response can read back of the cookies it sets (a route's or an action's jar). */
type Jar = CookieWriter & { get(name: string): { value: string } | undefined };

/**
 * The sign-in's binding that waits, in a sealed cookie of its own, bound to the session this
 * response has just written (its start) and kept no longer than that session.
 */
export async function keepChannelDue(jar: Jar, sub: string, due: ChannelDue | undefined) {
  const env = getEnv();
  const names = cookieNames(env);
  const session = due ? await unsealAs('session', jar.get(names.session)?.value, env) : null;
  const left = session ? session.startedAt + env.sessionLimits.maxS - nowSeconds() : 0;
  if (!due || !session || session.claims.sub !== sub || left <= 0)
    return jar.set(names.channelDue, '', cookieOptions(env, 0));
  const data = { v: 1, p: 'channel-due', sub, startedAt: session.startedAt, ...due } as const;
  jar.set(names.channelDue, await sealAs('channelDue', data, env), cookieOptions(env, left));
}

/** The binding `sealed` carries, if it is this session's and the session has time left. */
async function dueOf(session: DueSession, sealed: string | undefined) {
  const env = getEnv();
  const data = await unsealAs('channelDue', sealed, env);
  const live = session.startedAt + env.sessionLimits.maxS > nowSeconds();
  return data && live && data.sub === session.claims.sub && data.startedAt === session.startedAt
    ? { channelId: data.channelId, username: data.username }
    : undefined;
}

/** This session's binding that waits, if any (the caller has verified the session). */
export async function channelDue(session: DueSession): Promise<ChannelDue | undefined> {
  const sealed = (await cookies()).get(cookieNames(getEnv()).channelDue)?.value;
  return sealed ? dueOf(session, sealed) : undefined;
}

/** Ends a waiting binding where a route may still set cookies (the guard clears its own). */
export async function dropChannelDue() {
  const env = getEnv();
  const jar = await cookies();
  const name = cookieNames(env).channelDue;
  if (jar.has(name)) jar.set(name, '', cookieOptions(env, 0));
}

/**
 * The guard's turn for a binding that waits: bound on this request's share, or kept waiting.
 * `clear`: the cookie goes (bound, refused for good, or not this session's).
 */
export async function settleChannelDue(
  session: DueSession & { claims: DueClaims },
  value: string,
): Promise<'keep' | 'clear'> {
  const due = await dueOf(session, value);
  if (!due) {
    log.info('channel.due_ignored', { account: session.claims.sub });
    return 'clear';
  }
  return (await bindDueChannel(session.claims, due)) === 'done' ? 'clear' : 'keep';
}
