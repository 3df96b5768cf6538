import 'server-only';
import type { UserClaims } from '@/lib/cognito';
import { bindChannel } from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * Whose analytics a creator sees is server-side truth: the creator system's record for the
 * creator's verified email, kept in the channel id attribute, which only an admin call can write
 * (docs/decisions/006-channel-binding.md). Called wherever a sign-in completes: it binds a new
 * account, heals one bound before, and corrects a value that differs from the record.
 *
 * Answers the claims the session should carry. When the creator system does not know the email
 * (it was not told of an email change, docs/decisions/033) or cannot be reached, the bound
 * attribute stands.
 */
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
