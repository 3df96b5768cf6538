import 'server-only';
import { redirect } from 'next/navigation';
import { inRequest } from '@/lib/actions';
import { signOutUserEverywhere } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { unsealNotMe } from '@/lib/session/seal';
import { markRevoked } from '@/lib/session/revocations';
import { endSession } from '@/lib/session';

/** decision 032: every session of the account ends (refresh tokens revoked), this browser's too. */
export async function notMeAction(form: unknown): Promise<never> {
  return inRequest(() => endEverySession(form));
}

export async function endEverySession(form: unknown): Promise<never> {
  const env = getEnv();
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
