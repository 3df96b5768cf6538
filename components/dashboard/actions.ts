'use server';

import { redirect } from 'next/navigation';
import { authed, authedAction, failureState, withSession, type ActionState } from '@/lib/actions';
import { getUser, globalSignOut, sendAttributeCode, verifyAttribute } from '@/lib/cognito';
import { log } from '@/lib/log';
import { codeSent } from '@/lib/messages';
import { checkLimit } from '@/lib/rate-limit';
import { endSession, updateSessionClaims, type Session } from '@/lib/session';
import { verificationCodeSchema } from '@/lib/validation/schemas';

/** Revokes the tokens everywhere, and clears the cookies whether or not that worked. */
async function signOut(session: Session | null) {
  if (session) {
    const result = await globalSignOut(session.accessToken);
    if (!result.ok) log.warn('auth.sign_out_failed', { reason: result.failure.name });
  }
  await endSession();
  log.info('auth.signed_out');
}

/** Logout, the header's button: signs out, then the page goes to /login. */
export const logoutAction = withSession(async (session): Promise<void> => {
  await signOut(session);
  redirect('/login');
});

/**
 * Sign-out the browser asked for on its own (signOutNow), which then leaves for /login itself: no
 * redirect here, so the page moves once. Leftover cookies go even when the session had ended.
 */
export const signOutAction = withSession(async (session): Promise<ActionState<never>> => {
  await signOut(session);
  return session ? { status: 'success' } : { status: 'error', unauthenticated: true };
});

/** Sends a code to the signed-in user's email (the mandatory verify dialog, and Resend). */
export const sendEmailCodeAction = authed<[], 'code'>(async ({ session }) => {
  // Per account and per client address: a session cannot make the service send without end.
  const limited = await checkLimit('sendCode', session.claims.sub);
  if (limited) return { status: 'error', message: limited };
  const result = await sendAttributeCode(session.accessToken, 'email');
  if (!result.ok) return failureState(result.failure);
  return { status: 'success', message: codeSent(session.claims.email) };
});

/** Verifies the signed-in user's email with the code, then refreshes what the session knows. */
export const verifyEmailAttributeAction = authedAction(
  verificationCodeSchema,
  async ({ code }, { session }) => {
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await verifyAttribute(session.accessToken, 'email', code);
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
