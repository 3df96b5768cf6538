import 'server-only';
import type { UserClaims } from '@/lib/cognito';
import { bindChannel } from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { takeQuota } from '@/lib/http/rate-limit';
import type { CookieWriter } from '@/lib/session';
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
 * a bound account signs in through an outage (decision 044). A binding past the quota, or that a
 * busy pool refused, is `channelDue`: the session carries the record's id until the guard binds it.
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
  const due = { channelId: record.value, username };
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

/**
 * The guard's turn for a binding that waited: on this request's share of the quota. `done` when
 * the pool holds the channel (bound now, or found there), or the binding can never succeed.
 */
async function bindDueChannel(sub: string, due: ChannelDue): Promise<'done' | 'wait'> {
  if (!(await bindQuota())) return 'wait';
  const bound = await bindChannel(getEnv(), due.username, due.channelId);
  if (bound.ok) {
    log.info('channel.bound_later', { account: sub });
    return 'done';
  }
  if (bound.failure.kind === 'unavailable') return 'wait';
  log.error('channel.bind_failed', { reason: bound.failure.name });
  return 'done';
}

/** The sign-in's binding that waits, in a sealed cookie of its own for the session's life. */
export async function keepChannelDue(jar: CookieWriter, sub: string, due: ChannelDue | undefined) {
  const env = getEnv();
  if (!due) return jar.set(cookieNames(env).channelDue, '', cookieOptions(env, 0));
  const sealed = await sealAs('channelDue', { v: 1, p: 'channel-due', sub, ...due }, env);
  jar.set(cookieNames(env).channelDue, sealed, cookieOptions(env, env.sessionLimits.maxS));
}

/** This session's binding that waits, if any: only its own account's. */
export async function channelDue(
  sub: string,
  value?: string | null,
): Promise<ChannelDue | undefined> {
  const env = getEnv();
  const sealed =
    value === undefined ? (await cookies()).get(cookieNames(env).channelDue)?.value : value;
  const data = await unsealAs('channelDue', sealed ?? undefined, env);
  return data && data.sub === sub
    ? { channelId: data.channelId, username: data.username }
    : undefined;
}

/**
 * The guard's turn for a binding that waits: bound on this request's share, or kept waiting.
 * `clear`: the cookie goes (bound, refused for good, or not this account's).
 */
export async function settleChannelDue(sub: string, value: string): Promise<'keep' | 'clear'> {
  const due = await channelDue(sub, value);
  if (!due) return 'clear';
  return (await bindDueChannel(sub, due)) === 'done' ? 'clear' : 'keep';
}
