import 'server-only';
import { randomUUID } from 'node:crypto';
import { after } from 'next/server';
import { wayRecord, type SignInWay } from '@/lib/activity';
import { recordProof } from '@/lib/activity/store';
import { accountOf } from '@/lib/cognito/admin';
import { defineJob } from '@/lib/jobs';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { requestClient } from '@/lib/notify';
import { takeQuota } from '@/lib/http/rate-limit';
import type { ChallengeData } from '@/lib/session/seal';

/**
 * How a sign-in was made, for Recent activity (decision 058), from the challenge it answered last
 * (none: the password alone).
 */
export function wayOfChallenge(challenge: ChallengeData | null | undefined): SignInWay {
  switch (challenge?.name) {
    case 'SOFTWARE_TOKEN_MFA':
    case 'MFA_SETUP':
      return 'password+app';
    case 'SMS_MFA':
      return 'password+text';
    case 'EMAIL_OTP':
      return challenge.second ? 'password+email' : 'email-code';
    case 'WEB_AUTHN':
      return 'passkey';
    default:
      return 'password';
  }
}

type ActivityJob = {
  account: { sub: string } | { email: string };
  way: SignInWay;
  ok: boolean;
  browser?: string;
  /** Seconds since the epoch: when it happened, not when the job runs. */
  t: number;
};

/**
 * Writes the record, within its share of Cognito's UserUpdate quota (ACTIVITY_WRITES_PER_SECOND):
 * past it the row shows as Cognito tells it, without the way. A wrong password is recorded for an
 * account that exists only. A job (decision 067): a restart before the write still makes it, and
 * a write run twice keeps one record (withProof).
 */
const activityRecord = defineJob<ActivityJob>('activity-record', async (job) => {
  const env = getEnv();
  if (!(await takeQuota('activity', env.ACTIVITY_WRITES_PER_SECOND))) {
    log.info('activity.sign_in_skipped', { reason: 'quota' });
    return;
  }
  const { account } = job;
  const sub = 'sub' in account ? account.sub : (await accountOf(env, account.email))?.sub;
  if (!sub) return;
  await recordProof(env, sub, wayRecord(job.way, job.ok, job.browser, job.t));
});

/** Keeps the record of a sign-in (or a wrong password or code), once the answer is sent. */
export async function recordSignIn(
  account: { sub: string } | { email: string },
  way: SignInWay,
  ok: boolean,
): Promise<void> {
  const browser = (await requestClient())?.browser;
  const job: ActivityJob = {
    account,
    way,
    ok,
    ...(browser ? { browser } : {}),
    t: Math.floor(Date.now() / 1000),
  };
  const keep = async () => {
    try {
      await activityRecord.defer(randomUUID(), job, Date.now());
    } catch (error) {
      log.warn('activity.sign_in_failed', { reason: (error as { name?: string })?.name });
    }
  };
  try {
    after(keep);
  } catch {
    await keep();
  }
}
