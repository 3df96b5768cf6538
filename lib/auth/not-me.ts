import 'server-only';
import { redirect } from 'next/navigation';
import { inRequest } from '@/lib/actions';
import { signOutUserEverywhere } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { unsealNotMe } from '@/lib/session/seal';
import { markRevoked } from '@/lib/session/revocations';
import { endSession } from '@/lib/session';

// "This wasn't me": ending every session of an account from a security notice (decision 032).

/**
 * "This wasn't me" (a security notice's link, decision 032): every session of the account ends
 * (its refresh tokens are revoked), this browser's too, and the creator is asked for a reset.
 */
export async function notMeAction(form: unknown): Promise<never> {
  return inRequest(() => endEverySession(form));
}

export async function endEverySession(form: unknown): Promise<never> {
  const env = getEnv();
  // Called with the page's form; anything else a client sends is no token.
  const token = form instanceof FormData ? form.get('t') : null;
  const notice = typeof token === 'string' ? await unsealNotMe(token, env) : null;
  if (!notice) {
    log.warn('auth.not_me_refused');
    redirect('/not-me');
  }
  const ended = await signOutUserEverywhere(env, notice.email);
  await markRevoked(notice.sub);
  if (!ended.ok) log.error('auth.not_me_sign_out_failed', { reason: ended.failure.name });
  else log.warn('auth.not_me', { account: notice.sub });
  await endSession();
  redirect(`/forgot-password?email=${encodeURIComponent(notice.email)}`);
}
