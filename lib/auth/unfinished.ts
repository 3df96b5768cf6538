import 'server-only';
import { TWO_STEP_UNFINISHED } from '@/lib/activity';
import { recordProof } from '@/lib/activity/store';
import { accountOf } from '@/lib/cognito/admin';
import { defineJob } from '@/lib/jobs';
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
 * other sessions. The check is a durable job (decision 067): a restart in between still runs it.
 */
export const UNFINISHED_AFTER_MS = (CHALLENGE_TTL_S + 30) * 1000;
const DONE_FOR_S = 10 * 60;

/** `at`: when the password was accepted (ms). */
export type TwoStepWatch = { username: string; at: number; browser?: string; ip?: string };

const twoStepCheck = defineJob<TwoStepWatch>('two-step-check', async (watch) => {
  await checkTwoStep(watch);
});

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
  try {
    await twoStepCheck.defer(
      `${username.toLowerCase()}/${watch.at}`,
      watch,
      watch.at + UNFINISHED_AFTER_MS,
    );
  } catch (error) {
    // The sign-in goes on; the attempt goes untold, and the log says so.
    log.error('auth.two_step_watch_not_kept', { reason: (error as { code?: string })?.code });
  }
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

/**
 * True when the attempt was recorded and told; false when a sign-in completed after it. Throws
 * when the pool or the mail did not answer, so the job is tried again: each step is done once.
 */
export async function checkTwoStep(watch: TwoStepWatch): Promise<boolean> {
  const name = watch.username.toLowerCase();
  const doneAt = await timeNoted('two-step-done', name);
  if (doneAt !== undefined && doneAt >= watch.at) return false;
  // Once: a choice of method asks again within the same attempt.
  if (await isSpent('two-step-told', name)) return false;
  const env = getEnv();
  const account = await accountOf(env, watch.username);
  if (!account) return false;
  if (!(await isSpent('two-step-row', name))) {
    await recordProof(env, account.sub, {
      t: Math.floor(watch.at / 1000),
      op: TWO_STEP_UNFINISHED,
      ok: false,
      ...(watch.browser ? { b: watch.browser } : {}),
      ...(watch.ip ? { a: watch.ip } : {}),
    });
    await markSpent('two-step-row', name, DONE_FOR_S);
  }
  const from = [watch.browser, watch.ip].filter(Boolean).join(' · ');
  await notifySecurity(account, 'two-step-not-completed', {
    ...(from ? { from } : {}),
    now: new Date(watch.at),
  });
  await markSpent('two-step-told', name, DONE_FOR_S);
  log.warn('auth.two_step_unfinished', { account: account.sub });
  return true;
}
