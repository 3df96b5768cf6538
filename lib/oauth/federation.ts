import 'server-only';
import { revokeRefreshToken, type Tokens, type UserClaims } from '@/lib/cognito';
import { deleteUser, nativeAccount, removeUnconfirmed } from '@/lib/cognito/admin';
import { boundClaims } from '@/lib/channel';
import { findCreatorId } from '@/lib/creators';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';

/** Why a Google sign-in that Cognito completed is not let in. */
export type Refusal =
  /** The creator system does not know the Google email (spec §8). */
  | 'not-found'
  /** The creator system could not be asked. */
  | 'creator-down'
  /** A password account has the same email (docs/decisions/015-google-and-password-accounts.md). */
  | 'password-account'
  /** Google did not vouch for the email. */
  | 'unverified'
  /** Cognito's admin API could not be asked whether a password account exists. */
  | 'unavailable';

/**
 * Lets a creator in after Google (spec §7.3): the email must be verified, belong to no password
 * account, and be known to the creator system, whose record binds the channel (a first sign-in
 * links the creator; later ones keep or correct the binding). Answers the session's claims.
 */
export async function admitFederated(
  tokens: Tokens,
): Promise<{ ok: true; claims: UserClaims } | { ok: false; reason: Refusal }> {
  const env = getEnv();
  const { claims } = tokens;
  if (!claims.emailVerified) return { ok: false, reason: 'unverified' };
  if (claims.provider) {
    const native = await nativeAccount(env, claims.email);
    if (!native.ok) {
      log.warn('oauth.account_check_failed', { reason: native.failure.name });
      return { ok: false, reason: 'unavailable' };
    }
    // Google has proved the address: a sign-up nobody finished for it is nobody's account, and
    // its password must not become a way into this one (decision 030).
    if (native.value === 'unconfirmed' && !(await removeUnconfirmed(env, claims.email)))
      return { ok: false, reason: 'unavailable' };
    if (native.value === 'confirmed') return { ok: false, reason: 'password-account' };
  }
  const record = await findCreatorId(claims.email);
  if (!record.ok)
    return { ok: false, reason: record.reason === 'not-found' ? 'not-found' : 'creator-down' };
  return { ok: true, claims: await boundClaims(claims, record) };
}

/**
 * Undoes a refused sign-in on Cognito's side: its refresh token (and the access tokens from it) is
 * revoked, and a federated user this sign-in created (never bound to a channel, so never let in) is
 * deleted, so a refusal leaves no second account behind.
 */
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
