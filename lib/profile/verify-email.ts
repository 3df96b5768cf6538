'use server';

import { redirect } from 'next/navigation';
import { authed, authedAction, failureState } from '@/lib/actions';
import { getUser, sendAttributeCode, verifyAttribute } from '@/lib/cognito';
import { log } from '@/lib/runtime/log';
import { codeSent } from '@/lib/messages';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { updateSessionClaims } from '@/lib/session';
import { verificationCodeSchema } from '@/lib/validation/schemas';

/** The account's own email verified from the dashboard's banner and dialog (docs/product.md §2.10). */

export const sendEmailCodeAction = authed<[], 'code'>(async ({ session }) => {
  // Per account and per client address: a session cannot make the service send without end.
  const limited = await checkLimit('sendCode', session.claims.sub);
  if (limited) return { status: 'error', message: limited };
  const result = await sendAttributeCode(session.accessToken, 'email');
  if (!result.ok) return failureState(result.failure);
  return { status: 'success', message: codeSent(session.claims.email) };
});

export const verifyEmailAttributeAction = authedAction(
  verificationCodeSchema,
  async ({ code }, { session }) => {
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await verifyAttribute(session.accessToken, 'email', code);
    await codeChecked(session.claims.sub, result);
    if (!result.ok) {
      log.info('profile.verify_email_failed', { reason: result.failure.name });
      return failureState(result.failure, { codeField: 'code' });
    }
    const user = await getUser(session.accessToken);
    await updateSessionClaims(
      session,
      user.ok ? { ...user.value, sub: session.claims.sub } : { emailVerified: true },
    );
    redirect('/');
  },
);
