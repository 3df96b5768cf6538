import 'server-only';
import type { UserClaims } from '@/lib/cognito';
import { bindChannel } from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';

/** Binds the creator record's channel id (decision 006); without a record, the bound one stands. */
export async function boundClaims(
  claims: UserClaims,
  lookup?: CreatorResult<string>,
): Promise<UserClaims> {
  if (!claims.emailVerified) return claims;
  const record = lookup ?? (await findCreatorId(claims.email));
  if (!record.ok || record.value === claims.channelId) return claims;
  if (claims.channelId) log.warn('channel.corrected', { account: claims.sub });
  const bound = await bindChannel(getEnv(), claims.username ?? claims.sub, record.value);
  if (!bound.ok) log.error('channel.bind_failed', { reason: bound.failure.name });
  else log.info('channel.bound', { account: claims.sub });
  return { ...claims, channelId: record.value };
}
