'use server';

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
import { forgetRemembered, withToken } from '@/lib/devices/forget';
import { markDeviceEnded, markRevoked } from '@/lib/session/revocations';
import { log } from '@/lib/runtime/log';
import { APP_MSG } from '@/lib/messages';
import { checkLimit, recordFailure } from '@/lib/http/rate-limit';
import { securityNotice } from '@/lib/notify';
import {
  endSession,
  forgetEmail,
  updateSessionClaims,
  writeTokens,
  type Session,
} from '@/lib/session';
import { changePasswordSchema, nameSchema } from '@/lib/validation/schemas';
import { deviceKeySchema } from '@/lib/validation/device';
import { recordSignIn } from '@/lib/auth/sign-in-record';
import { SIGNED_IN_AREA, failed, proveIdentity } from './common';

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

export type OthersOutcome = 'signed-out' | 'signed-out-here-too' | 'failed' | 'kept';

/** GlobalSignOut ends this session too: it signs in again with the new password (decision 005). */
async function signOutOthers(session: Session, newPassword: string): Promise<OthersOutcome> {
  const out = await globalSignOut(session.accessToken);
  if (!out.ok) {
    log.warn('profile.sign_out_others_failed', { reason: out.failure.name });
    return 'failed';
  }
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
    // Its row in Recent activity says how, as every sign-in's does (decision 058).
    await recordSignIn({ sub: session.claims.sub }, 'password', true);
    log.info('profile.signed_out_others');
    return 'signed-out';
  }
  log.info('profile.signed_out_others', { here: again.ok ? again.value.type : again.failure.name });
  // Cookies go when the modal closes: clearing them here would redirect first (decision 005).
  return 'signed-out-here-too';
}

export const changePasswordAction = authedAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }, { session, form }) => {
    const others = form.get('signOutOthers') === 'on';
    const limited = await checkLimit('signIn', session.claims.email);
    if (limited) return { status: 'error', message: limited };
    const result = await changePassword(session.accessToken, currentPassword, newPassword);
    if (!result.ok) {
      // Cognito's word for a wrong current password; a revoked token is 'session-invalid' instead.
      if (
        result.failure.name === 'NotAuthorizedException' &&
        result.failure.kind !== 'session-invalid'
      )
        await recordFailure('signIn', session.claims.email);
      return failed('password', result.failure, { passwordField: 'currentPassword' });
    }
    log.info('profile.password_changed');
    await securityNotice(session.claims, 'password-changed');
    if (!others) return { status: 'success', data: { others: 'kept' } };
    return { status: 'success', data: { others: await signOutOthers(session, newPassword) } };
  },
  { ownCredentials: true },
);

export const signOutEverywhereAction = authed<[], never>(async ({ session }) => {
  const { sub } = session.claims;
  // Tokens end, remembered devices would not: forgotten first, while the token they need is good.
  // A Google account has none (decision 016).
  if (!session.claims.provider) {
    await forgetRemembered(withToken(session.accessToken), await thisDeviceKey(sub));
    await clearThisDevice({ sub });
  }
  const result = await globalSignOut(session.accessToken);
  // Tokens already revoked (a sign-out elsewhere) leave nothing to keep.
  if (!result.ok && result.failure.name !== 'NotAuthorizedException') {
    log.warn('profile.sign_out_everywhere_failed', { reason: result.failure.name });
    return { status: 'error', message: result.failure.message };
  }
  await markRevoked(session.claims.sub);
  await endSession();
  log.info('profile.signed_out_everywhere');
  return { status: 'success' };
});

export const forgetDeviceAction = authed<[key: unknown], never>(async ({ session }, key) => {
  const parsed = deviceKeySchema.safeParse(key);
  if (!parsed.success) return { status: 'error', message: { text: APP_MSG.systemError } };
  const forgotten = await forgetDevice(session.accessToken, parsed.data);
  if (!forgotten.ok) return failed('device_forget', forgotten.failure);
  const here = parsed.data === (await thisDeviceKey(session.claims.sub));
  log.info('profile.device_forgotten', { here });
  if (here) {
    await clearThisDevice({ key: parsed.data });
    await endSession('device-forgotten');
    return { status: 'success', data: { left: 'login' } };
  }
  // The pool refuses that browser's next renewal; this ends it at its next request (decision 068).
  await markDeviceEnded(session.claims.sub, parsed.data);
  revalidatePath('/profile');
  return { status: 'success' };
});

export const deleteAccountAction = authedAction(
  proofSchema(false),
  async ({ currentPassword, code }, { session }) => {
    const proof = await proveIdentity(session, { currentPassword, code }, 'delete_account');
    if (!proof.ok) return proof.state;
    const deleted = await deleteOwnAccount(session.accessToken);
    if (!deleted.ok) return failed('delete_account', deleted.failure);
    await markRevoked(session.claims.sub);
    log.info('profile.account_deleted', { account: session.claims.sub });
    await clearThisDevice({ sub: session.claims.sub });
    await endSession('account-deleted');
    await forgetEmail();
    return { status: 'success', data: { left: 'login' } };
  },
  { ownCredentials: true },
);
