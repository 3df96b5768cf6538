'use server';

import { redirect } from 'next/navigation';
import { inRequest } from '@/lib/actions';
import { signOutUserEverywhere } from '@/lib/cognito/admin';
import { clearThisDevice, thisDeviceKey } from '@/lib/devices';
import { asHost, forgetRemembered } from '@/lib/devices/forget';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { NOT_ME_TTL_S, unsealAs } from '@/lib/session/seal';
import { markRevoked, markSpent } from '@/lib/session/revocations';
import { notMeProof, notMeUsed } from './not-me-link';
import { endSession } from '@/lib/session';

/** decision 032: every session of the account ends (refresh tokens revoked), this browser's too. */
export async function notMeAction(form: unknown): Promise<never> {
  return inRequest(() => endEverySession(form));
}

async function endEverySession(form: unknown): Promise<never> {
  const env = getEnv();
  const token = form instanceof FormData ? form.get('t') : null;
  const notice = typeof token === 'string' ? await unsealAs('notMe', token, env) : null;
  if (!notice) {
    log.warn('auth.not_me_refused');
    redirect('/not-me');
  }
  // Once: a second press (or a forwarded copy of the mail) finds the link used.
  if (await notMeUsed(notice.sub, token as string)) {
    log.warn('auth.not_me_refused', { reason: 'used', account: notice.sub });
    redirect(`/not-me?t=${encodeURIComponent(token as string)}`);
  }
  await markSpent(notice.sub, notMeProof(token as string), NOT_ME_TTL_S);
  // Tokens and remembered devices both: a remembered device would still skip the code.
  const [ended] = await Promise.all([
    signOutUserEverywhere(env, notice.email),
    forgetRemembered(asHost(env, notice.email), await thisDeviceKey(notice.sub)),
  ]);
  await clearThisDevice({ sub: notice.sub });
  await markRevoked(notice.sub);
  if (!ended.ok) log.error('auth.not_me_sign_out_failed', { reason: ended.failure.name });
  else log.warn('auth.not_me', { account: notice.sub });
  await endSession();
  redirect(`/forgot-password?email=${encodeURIComponent(notice.email)}`);
}
