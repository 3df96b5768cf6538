import 'server-only';
import type { UserClaims } from '@/lib/cognito';
import { bindChannel } from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * Binds the creator record's channel id (decision 006); without a record, the bound one stands.
 * Refused only when the creator system could not be asked and the account has no channel yet:
 * a bound account signs in through an outage (decision 044).
 */
export async function boundClaims(
  claims: UserClaims,
  lookup?: CreatorResult<string>,
): Promise<{ ok: true; claims: UserClaims } | { ok: false }> {
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
  const bound = await bindChannel(getEnv(), claims.username ?? claims.sub, record.value);
  if (!bound.ok) log.error('channel.bind_failed', { reason: bound.failure.name });
  else log.info('channel.bound', { account: claims.sub });
  return { ok: true, claims: { ...claims, channelId: record.value } };
}
