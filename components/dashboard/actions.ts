'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { authed, authedAction, failureState, withSession, type ActionState } from '@/lib/actions';
import { getUser, globalSignOut, sendAttributeCode, verifyAttribute } from '@/lib/cognito';
import { log } from '@/lib/log';
import { APP_MSG } from '@/lib/messages';
import { SIGN_OUT_TIMEOUT_MS, appOrigin, hostedSignInEnabled, logoutUrl } from '@/lib/oauth/hosted';
import { codeSent } from '@/lib/messages';
import { checkLimit } from '@/lib/rate-limit';
import { endSession, updateSessionClaims, type Session } from '@/lib/session';
import { verificationCodeSchema } from '@/lib/validation/schemas';

/**
 * Revokes the tokens everywhere, and clears the cookies whether or not that worked. Cognito gets
 * the spec's 3 s (§9: 'Signout timeout fail'): past that the person is signed out here anyway, and
 * the revocation finishes on its own. Answers where the browser goes next: /login, or for a
 * creator who signed in with Google the pool's /logout, which ends the hosted session and comes
 * back to /login.
 */
async function signOut(session: Session | null): Promise<string> {
  if (session) {
    const revoking = globalSignOut(session.accessToken).then((result) => {
      if (!result.ok) log.warn('auth.sign_out_failed', { reason: result.failure.name });
    });
    const timedOut = await Promise.race([
      revoking.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, SIGN_OUT_TIMEOUT_MS, true).unref()),
    ]);
    if (timedOut) log.warn('auth.sign_out_timeout', { message: APP_MSG.signOutTimeout });
  }
  await endSession();
  log.info('auth.signed_out');
  if (!session?.claims.provider || !hostedSignInEnabled()) return '/login';
  return logoutUrl(appOrigin((await headers()).get('host')));
}

/** Logout, the header's button: signs out, then the page goes to /login (by the pool's /logout). */
export const logoutAction = withSession(async (session): Promise<void> => {
  redirect(await signOut(session));
});

/**
 * Sign-out the browser asked for on its own (signOutNow), which then leaves for /login itself: no
 * redirect here, so the page moves once. Leftover cookies go even when the session had ended.
 */
export const signOutAction = withSession(async (session): Promise<ActionState<never>> => {
  const next = await signOut(session);
  return session
    ? { status: 'success', data: { next } }
    : { status: 'error', unauthenticated: true };
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
