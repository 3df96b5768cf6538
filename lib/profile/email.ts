'use server';

import { channelDue } from '@/lib/dashboard/channel';
import { revalidatePath } from 'next/cache';
import { changeEmailProofSchema } from '@/lib/validation/proof';
import { authed, authedAction } from '@/lib/actions';
import { updateAttributes, verifyAttribute } from '@/lib/cognito';
import { moveCreatorEmail } from '@/lib/creators';
import { log } from '@/lib/runtime/log';
import { codeResent, FLOW_MSG } from '@/lib/messages';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { notifyEmailChanged } from '@/lib/notify';
import { clearEmailChange, getEmailChange, reauthFresh } from '@/lib/session';
import { changeEmailSchema, verifyEmailChangeSchema } from '@/lib/validation/schemas';
import { MSG } from '@/lib/messages/fields';
import { failed, proveIdentity, refreshClaims } from './common';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Cognito keeps the old address active until the new one's emailed code is verified. */
export const requestEmailChangeAction = authedAction(
  changeEmailProofSchema(false),
  async ({ email, currentPassword, code }, ctx) => {
    const { values } = ctx;
    if (sameEmail(email, ctx.session.claims.email)) {
      return {
        status: 'error',
        fieldErrors: { email: [{ text: FLOW_MSG.sameEmail }] },
        values,
      };
    }
    const proof = await proveIdentity(ctx.session, { currentPassword, code }, 'email', {
      values,
      emailChangeTo: email,
    });
    if (!proof.ok) return proof.state;
    const { session } = proof;
    const limited = await checkLimit('sendCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited, values };
    const result = await updateAttributes(session.accessToken, { email });
    if (!result.ok) return failed('email', result.failure, { values });
    log.info('profile.email_change_requested');
    // The profile behind the dialog shows the change as pending from now on.
    revalidatePath('/profile');
    return { status: 'success', values, data: { step: 'verify', email } };
  },
  { ownCredentials: true },
);

/** A fresh code only goes to the address the proven request named (kept in a sealed cookie). */
export const resendEmailChangeCodeAction = authed<[email: string], 'code'>(
  async ({ session }, email) => {
    const parsed = changeEmailSchema.safeParse({ email });
    if (!parsed.success)
      return {
        status: 'error',
        message: { text: parsed.error.issues[0]?.message ?? MSG.emailEmpty },
      };
    const target = await getEmailChange(session);
    if (!target || !reauthFresh(session)) {
      log.info('profile.email_resend_refused', { reason: 'no-proof' });
      return { status: 'error', message: { text: FLOW_MSG.reauthAgain } };
    }
    if (!sameEmail(parsed.data.email, target)) {
      log.warn('profile.email_resend_refused', { reason: 'other-address' });
      return {
        status: 'error',
        message: { text: FLOW_MSG.resendOnlyAsked },
      };
    }
    const limited = await checkLimit('sendCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await updateAttributes(session.accessToken, { email: target });
    if (!result.ok) return failed('email_resend', result.failure);
    return { status: 'success', message: codeResent(target) };
  },
  { ownCredentials: true },
);

export const verifyEmailChangeAction = authedAction(
  verifyEmailChangeSchema,
  async ({ email, code }, { session }) => {
    // Only the change this session asked for and has not cancelled: the code alone is not enough.
    const asked = await getEmailChange(session);
    if (!asked) {
      log.info('profile.email_verify_refused', { reason: 'no-change-waiting' });
      return { status: 'error', message: { text: FLOW_MSG.noEmailChange } };
    }
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited, data: { step: 'verify', email } };
    const result = await verifyAttribute(session.accessToken, 'email', code);
    await codeChecked(session.claims.sub, result);
    if (!result.ok)
      return failed('email_verify', result.failure, {
        codeField: 'code',
        data: { step: 'verify', email },
      });
    const oldEmail = session.claims.email;
    await clearEmailChange();
    const updated = await refreshClaims(session, { email: asked, emailVerified: true });
    log.info('profile.email_changed');
    if (!sameEmail(oldEmail, updated.email)) {
      await notifyEmailChanged(oldEmail, updated.email);
      // The old address must no longer find this channel (decision 033).
      const channelId = updated.channelId || (await channelDue(session))?.channelId;
      if (channelId) {
        const moved = await moveCreatorEmail(channelId, updated.email);
        if (moved.ok) log.info('channel.email_moved', { account: session.claims.sub });
        else
          log.error('channel.email_move_failed', {
            account: session.claims.sub,
            reason: moved.reason,
          });
      }
    }
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * Forgets the change: the profile stops offering it and its code is refused here. Cognito keeps
 * the pending address until another change (it has no call to drop one), but only this signed-in
 * session could verify it, through the action above.
 */
export const cancelEmailChangeAction = authed<[], never>(async () => {
  await clearEmailChange();
  log.info('profile.email_change_cancelled');
  revalidatePath('/profile');
  return { status: 'success' };
});
