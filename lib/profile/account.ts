import 'server-only';
import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { proofSchema } from '@/lib/validation/proof';
import { authed, authedAction } from '@/lib/actions';
import {
  changePassword,
  deleteOwnAccount,
  forgetDevice,
  globalSignOut,
  signIn,
  updateAttributes,
} from '@/lib/cognito';
import {
  clearThisDevice,
  settleDevice,
  signInContext,
  thisDeviceKey,
  withDevice,
} from '@/lib/devices';
import { markRevoked } from '@/lib/session/revocations';
import { log } from '@/lib/log';
import { APP_MSG } from '@/lib/messages';
import { checkLimit, recordFailure } from '@/lib/rate-limit';
import { securityNotice } from '@/lib/notify';
import { endSession, updateSessionClaims, writeTokens, type Session } from '@/lib/session';
import { changePasswordSchema, nameSchema } from '@/lib/validation/schemas';
import { deviceKeySchema } from '@/lib/validation/device';
import { SIGNED_IN_AREA, failed, proveIdentity } from './common';

// The account as a whole: its name, its password, its sessions and devices, its deletion.

export const updateNameAction = authedAction(
  nameSchema,
  async ({ name }, { session, values }) => {
    const result = await updateAttributes(session.accessToken, { name });
    if (!result.ok) return failed('name', result.failure, { values });
    await updateSessionClaims(session, { name });
    revalidatePath(SIGNED_IN_AREA, 'layout');
    log.info('profile.name_changed');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** What became of the other sessions after a password change (the 'All Set!' modal says it). */
export type OthersOutcome = 'signed-out' | 'signed-out-here-too' | 'failed';

/**
 * ASVS 3.3.3: end every other session. GlobalSignOut revokes every token of the user, this
 * session's too, so this one signs in again with the new password it was just given (never
 * stored). An account with MFA meets a code challenge there: then this session ends as well.
 */
export async function signOutOthers(session: Session, newPassword: string): Promise<OthersOutcome> {
  const out = await globalSignOut(session.accessToken);
  if (!out.ok) {
    log.warn('profile.sign_out_others_failed', { reason: out.failure.name });
    return 'failed';
  }
  // A remembered device signs in again without a code, as it would at the sign-in page.
  const { result: again } = await withDevice(await signInContext(session.claims.email), (c) =>
    signIn(session.claims.email, newPassword, c),
  );
  if (
    again.ok &&
    again.value.type === 'signed-in' &&
    again.value.tokens.claims.sub === session.claims.sub
  ) {
    await settleDevice(again.value);
    await writeTokens(await cookies(), again.value.tokens);
    log.info('profile.signed_out_others');
    return 'signed-out';
  }
  log.info('profile.signed_out_others', { here: again.ok ? again.value.type : again.failure.name });
  // This session's tokens are already revoked. Its cookies are cleared when the person closes the
  // 'All Set!' modal (sign-out): clearing them here would re-render /profile into a redirect to
  // /login before the modal could say why.
  return 'signed-out-here-too';
}

export const changePasswordAction = authedAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }, { session, form }) => {
    // A checkbox beside the schema's fields: the choice has to travel with the new password.
    const others = form.get('signOutOthers') === 'on';
    // A guess at the current password counts like one at sign-in (the same limit and failures).
    const limited = await checkLimit('signIn', session.claims.email);
    if (limited) return { status: 'error', message: limited };
    const result = await changePassword(session.accessToken, currentPassword, newPassword);
    if (!result.ok) {
      // Cognito's word for a wrong current password here (a revoked token ends the session).
      if (
        result.failure.name === 'NotAuthorizedException' &&
        result.failure.kind !== 'session-invalid'
      )
        await recordFailure('signIn', session.claims.email);
      return failed('password', result.failure);
    }
    log.info('profile.password_changed');
    await securityNotice(session.claims, 'password-changed');
    if (!others) return { status: 'success' };
    return { status: 'success', data: { others: await signOutOthers(session, newPassword) } };
  },
  { ownCredentials: true },
);

/**
 * Sign out everywhere: GlobalSignOut revokes every token of the user; this session's cookies go
 * too. Other sessions end at their next account page, and within 5 minutes everywhere.
 */
export const signOutEverywhereAction = authed<[], never>(async ({ session }) => {
  const result = await globalSignOut(session.accessToken);
  // Tokens already revoked (a sign-out elsewhere) leave nothing to keep; any other failure means
  // the other sessions still stand, so this one stays and says so.
  if (!result.ok && result.failure.name !== 'NotAuthorizedException') {
    log.warn('profile.sign_out_everywhere_failed', { reason: result.failure.name });
    return { status: 'error', message: result.failure.message };
  }
  await markRevoked(session.claims.sub);
  await endSession();
  log.info('profile.signed_out_everywhere');
  return { status: 'success' };
});

/**
 * Forgets one of the account's devices: it is no longer remembered (its next sign-in asks for the
 * two-step code) and its session ends at its next refresh. Forgetting this browser's own device
 * also drops its cookie and signs out here, with the reason on the sign-in page.
 */
export const forgetDeviceAction = authed<[key: unknown], never>(async ({ session }, key) => {
  const parsed = deviceKeySchema.safeParse(key);
  if (!parsed.success) return { status: 'error', message: { text: APP_MSG.systemError } };
  const forgotten = await forgetDevice(session.accessToken, parsed.data);
  if (!forgotten.ok) return failed('device_forget', forgotten.failure);
  const here = parsed.data === (await thisDeviceKey());
  log.info('profile.device_forgotten', { here });
  if (here) {
    await clearThisDevice();
    await endSession('device-forgotten');
    return { status: 'success', data: { left: 'login' } };
  }
  revalidatePath('/profile');
  return { status: 'success' };
});

/**
 * Deletes the account, after the proof of the password and, with two-step on, a current code
 * (docs/decisions/017-deleting-an-account.md): DeleteUser, then every cookie of this browser goes
 * (session, refresh, device) and /login says so. Sessions elsewhere end at their next request,
 * when the pool no longer knows the user. The creator system's record is not the pool's to delete.
 */
export const deleteAccountAction = authedAction(
  proofSchema(false),
  async ({ currentPassword, code }, { session }) => {
    const proof = await proveIdentity(session, { currentPassword, code }, 'delete_account');
    if (!proof.ok) return proof.state;
    const deleted = await deleteOwnAccount(session.accessToken);
    if (!deleted.ok) return failed('delete_account', deleted.failure);
    await markRevoked(session.claims.sub);
    log.info('profile.account_deleted', { account: session.claims.sub });
    await clearThisDevice();
    await endSession('account-deleted');
    return { status: 'success', data: { left: 'login' } };
  },
  { ownCredentials: true },
);
