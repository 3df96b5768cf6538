import 'server-only';
import { TWO_STEP_UNFINISHED } from '@/lib/activity';
import { recordProof } from '@/lib/activity/store';
import { accountOf } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { notifySecurity, requestClient } from '@/lib/notify';
import { isSpent, markSpent, noteTime, timeNoted } from '@/lib/session/revocations';
import { CHALLENGE_TTL_S } from '@/lib/session/seal';

/**
 * A sign-in with the right password that never gives its two-step code means someone else may
 * have the password. Cognito's challenge lasts 3 minutes; half a minute after that, an account
 * that completed no sign-in after the attempt gets a row in Recent activity ("Right password,
 * two-step not completed") and a security email with the way to change the password and end
 * other sessions. A sign-in completed before the attempt does not silence it.
 * The check runs on the instance that asked for the code; a completion on any instance counts
 * (through REDIS_URL). A restart in between loses the check: the attempt then goes untold.
 */
export const UNFINISHED_AFTER_MS = (CHALLENGE_TTL_S + 30) * 1000;
const DONE_FOR_S = 10 * 60;

/** `at`: when the password was accepted (ms). */
export type TwoStepWatch = { username: string; at: number; browser?: string; ip?: string };

/** After the password, a two-step code asked for: checked once its challenge is over. */
export async function watchTwoStep(username: string): Promise<void> {
  const client = await requestClient();
  const browser = client?.browser;
  const ip = client?.ip || undefined;
  const watch: TwoStepWatch = {
    username,
    at: Date.now(),
    ...(browser ? { browser } : {}),
    ...(ip ? { ip } : {}),
  };
  setTimeout(() => void checkTwoStep(watch), UNFINISHED_AFTER_MS).unref();
}

/**
 * A completed sign-in, by each name the signed-in account goes by: an attempt on it before now is
 * not told. Only the account's own names: another account's waiting challenge is not this one's.
 */
export async function twoStepDone(names: (string | undefined)[]): Promise<void> {
  const now = Date.now();
  const unique = new Set(names.filter(Boolean).map((n) => n!.toLowerCase()));
  await Promise.all([...unique].map((name) => noteTime('two-step-done', name, now, DONE_FOR_S)));
}

/** True when the attempt was recorded and told; false when a sign-in completed after it. */
export async function checkTwoStep(watch: TwoStepWatch): Promise<boolean> {
  try {
    const name = watch.username.toLowerCase();
    const doneAt = await timeNoted('two-step-done', name);
    if (doneAt !== undefined && doneAt >= watch.at) return false;
    // Once: a choice of method asks again within the same attempt.
    if (await isSpent('two-step-told', name)) return false;
    await markSpent('two-step-told', name, DONE_FOR_S);
    const env = getEnv();
    const account = await accountOf(env, watch.username);
    if (!account) return false;
    await recordProof(env, account.sub, {
      t: Math.floor(watch.at / 1000),
      op: TWO_STEP_UNFINISHED,
      ok: false,
      ...(watch.browser ? { b: watch.browser } : {}),
    });
    const from = [watch.browser, watch.ip].filter(Boolean).join(' · ');
    await notifySecurity(account, 'two-step-not-completed', {
      ...(from ? { from } : {}),
      now: new Date(watch.at),
    });
    log.warn('auth.two_step_unfinished', { account: account.sub });
    return true;
  } catch (error) {
    log.error('auth.two_step_watch_failed', { reason: (error as { name?: string })?.name });
    return false;
  }
}
