import 'server-only';
import { revokeRefreshToken, type Tokens, type UserClaims } from '@/lib/cognito';
import { deleteUser, nativeAccount, removeUnconfirmed } from '@/lib/cognito/admin';
import { boundClaims, type ChannelDue } from '@/lib/dashboard/channel';
import { findCreatorId } from '@/lib/creators';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';

export type Refusal =
  'not-found' | 'creator-down' | 'password-account' | 'unverified' | 'unavailable';

/** The creator record found by the Google email (docs/product.md §7.3) binds the channel. */
export async function admitFederated(
  tokens: Tokens,
): Promise<
  { ok: true; claims: UserClaims; channelDue?: ChannelDue } | { ok: false; reason: Refusal }
> {
  const env = getEnv();
  const { claims } = tokens;
  if (!claims.emailVerified) return { ok: false, reason: 'unverified' };
  if (claims.provider) {
    const native = await nativeAccount(env, claims.email);
    if (!native.ok) {
      log.warn('oauth.account_check_failed', { reason: native.failure.name });
      return { ok: false, reason: 'unavailable' };
    }
    // Google has proved the address: a sign-up nobody finished for it is nobody's (decision 030).
    if (native.value === 'unconfirmed' && !(await removeUnconfirmed(env, claims.email)))
      return { ok: false, reason: 'unavailable' };
    if (native.value === 'confirmed') return { ok: false, reason: 'password-account' };
  }
  const record = await findCreatorId(claims.email);
  if (!record.ok && record.reason === 'not-found') return { ok: false, reason: 'not-found' };
  // Down: a Google account already bound to its channel signs in all the same (decision 044).
  const bound = await boundClaims(claims, record);
  return bound.ok ? bound : { ok: false, reason: 'creator-down' };
}

/** A federated user this sign-in created was never bound to a channel: it is deleted too. */
export async function dismissFederated(tokens: Tokens): Promise<void> {
  const env = getEnv();
  const { claims } = tokens;
  if (tokens.refreshToken) {
    const revoked = await revokeRefreshToken(tokens.refreshToken);
    if (!revoked.ok) log.warn('oauth.revoke_failed', { reason: revoked.failure.name });
  }
  if (claims.provider && claims.username && !claims.channelId) {
    const deleted = await deleteUser(env, claims.username);
    if (deleted.ok) log.info('oauth.unlinked_user_deleted', { account: claims.sub });
    else log.warn('oauth.delete_failed', { reason: deleted.failure.name });
  }
}
