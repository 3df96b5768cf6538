/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// "Someone has your password": a sign-in with the right password that never gives its two-step
// code is recorded in Recent activity and told to the account's address, once its challenge is
// over; a sign-in that completes is not, and a restart in between loses nothing. The check's due
// time is reached by hand (it waits 3.5 minutes); everything else is the real local pool and the
// product's own actions.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { POOL_ID } from '@/local/identity/config';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, twoStepCreator, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true });

let auth: typeof import('@/lib/auth/recovery') & typeof import('@/lib/auth/sign-in');
let unfinished: typeof import('@/lib/auth/unfinished');
let admin: typeof import('@/lib/cognito/admin');
let activity: typeof import('@/lib/activity/store');
let env: typeof import('@/lib/runtime/env');
let jobs: typeof import('@/lib/jobs');
let state: typeof import('@/lib/state/local');

beforeAll(async () => {
  auth = {
    ...(await import('@/lib/auth/recovery')),
    ...(await import('@/lib/auth/sign-in')),
  };
  unfinished = await import('@/lib/auth/unfinished');
  admin = await import('@/lib/cognito/admin');
  activity = await import('@/lib/activity/store');
  env = await import('@/lib/runtime/env');
  jobs = await import('@/lib/jobs');
  state = await import('@/lib/state/local');
});

/** A creator with the authenticator app on: its email and the app's secret. */
async function twoStepAccount() {
  const email = `unfinished.${randomBytes(4).toString('hex')}@creator.test`;
  return { email, secret: await twoStepCreator(pool, email, PASSWORD) };
}

/** Runs `act`, and answers the unfinished-sign-in checks it kept, not yet run. */
async function scheduling(act: () => Promise<unknown>) {
  const kept = () =>
    jobs
      .jobsKeptHere()
      .filter((j) => j.kind === 'two-step-check')
      .map((j) => j.id);
  const before = new Set(kept());
  await act();
  // Each check as its due time would run it: the challenge over.
  return kept()
    .filter((id) => !before.has(id))
    .map((id) => () => void jobs.runJobsDue(Date.now() + unfinished.UNFINISHED_AFTER_MS, [id]));
}

const signIn = (email: string) => formSignIn(auth.signInAction, email, PASSWORD);

const notices = async (email: string) =>
  (await pool.outbox(email)).filter(
    (m) => m.purpose === 'security' && m.event === 'two-step-not-completed',
  );

test('the right password, then no code: a row in Recent activity and one email, after the challenge', async () => {
  const { email } = await twoStepAccount();
  jar.clear();
  let next: string | undefined;
  const checks = await scheduling(async () => void (next = await signIn(email)));
  expect(next).toBe('/login/mfa');
  expect(checks).toHaveLength(1);
  // Nothing is told while the code may still come.
  expect(await notices(email)).toEqual([]);

  // The challenge over, no sign-in since: recorded and told, once.
  checks[0]!();
  for (let i = 0; i < 50 && (await notices(email)).length === 0; i++)
    await new Promise((r) => setTimeout(r, 100));
  const told = await notices(email);
  expect(told).toHaveLength(1);
  expect(told[0]!.link).toMatch(/\/not-me\?t=/);
  const sub = (await admin.accountOf(env.getEnv(), email))!.sub;
  const recent = await activity.recentSignIns(env.getEnv(), sub);
  expect(recent.ok && recent.value?.filter((e) => e.unfinished)).toEqual([
    expect.objectContaining({ passed: false, device: expect.any(String), ip: expect.any(String) }),
  ]);
});

test('two "Try another way" switches at once leave the preferred method as it was', async () => {
  const { email } = await twoStepAccount();
  // Email codes and text messages on beside the app, which stays the one asked first.
  await pool.identity('AdminUpdateUserAttributes', {
    UserPoolId: POOL_ID,
    Username: email,
    UserAttributes: [
      { Name: 'phone_number', Value: '+15555550188' },
      { Name: 'phone_number_verified', Value: 'true' },
    ],
  });
  await pool.identity('AdminSetUserMFAPreference', {
    UserPoolId: POOL_ID,
    Username: email,
    EmailMfaSettings: { Enabled: true },
    SMSMfaSettings: { Enabled: true },
  });
  jar.clear();
  expect(await scheduling(async () => expect(await signIn(email)).toBe('/login/mfa'))).toHaveLength(
    1,
  );
  const switchTo = async (method: string) => {
    const fd = new FormData();
    fd.append('method', method);
    fd.append('password', PASSWORD);
    try {
      return await auth.switchTwoStepMethodAction({ status: 'idle' }, fd);
    } catch (error) {
      return (error as { digest?: string }).digest;
    }
  };
  const preferred = async () =>
    (
      await pool.identity<{ PreferredMfaSetting?: string }>('AdminGetUser', {
        UserPoolId: POOL_ID,
        Username: email,
      })
    ).PreferredMfaSetting;
  // The second starts once the first has moved the preference, before it puts it back.
  await scheduling(async () => {
    const first = switchTo('EMAIL_OTP');
    while ((await preferred()) !== 'EMAIL_OTP') await new Promise((r) => setImmediate(r));
    await Promise.all([first, switchTo('SMS_MFA')]);
  });
  expect(await preferred()).toBe('SOFTWARE_TOKEN_MFA');
});

test('the right password, then the code: nothing is told', async () => {
  const { email, secret } = await twoStepAccount();
  jar.clear();
  const checks = await scheduling(async () => {
    expect(await signIn(email)).toBe('/login/mfa');
    const { generateSync } = await import('otplib');
    const fd = new FormData();
    for (const d of generateSync({ secret }).split('')) fd.append('code', d);
    try {
      await auth.twoStepSignInAction({ status: 'idle' }, fd);
    } catch (error) {
      expect((error as { digest?: string }).digest).toMatch(/^NEXT_REDIRECT;[^;]*;\/;/);
    }
  });
  expect(checks).toHaveLength(1);
  checks[0]!();
  await new Promise((r) => setTimeout(r, 1000));
  expect(await notices(email)).toEqual([]);
  const sub = (await admin.accountOf(env.getEnv(), email))!.sub;
  await jobs.runJobsDue(); // The sign-in's record, written as the instance's queue would.
  const recent = await activity.recentSignIns(env.getEnv(), sub);
  expect(recent.ok && recent.value?.some((e) => e.unfinished)).toBe(false);
  // And the sign-in says how it was made (decision 058).
  expect(recent.ok && recent.value?.[0]).toEqual(
    expect.objectContaining({
      passed: true,
      way: expect.objectContaining({ how: 'password+app' }),
    }),
  );
});

test('past its share of the UserUpdate quota, a sign-in goes unrecorded and still signs in', async () => {
  const settings = env.getEnv() as { ACTIVITY_WRITES_PER_SECOND: number };
  const email = `share.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  const sub = (await admin.accountOf(env.getEnv(), email))!.sub;
  const ways = async () => {
    await jobs.runJobsDue(); // The records due, written as the instance's queue would.
    const recent = await activity.recentSignIns(env.getEnv(), sub);
    return recent.ok ? recent.value?.map((e) => e.way?.how ?? null) : 'failed';
  };
  settings.ACTIVITY_WRITES_PER_SECOND = 0;
  try {
    jar.clear();
    expect(await signIn(email)).toBe('/');
    expect(await ways()).toEqual([null]);
  } finally {
    settings.ACTIVITY_WRITES_PER_SECOND = 5;
  }
  jar.clear();
  expect(await signIn(email)).toBe('/');
  expect(await ways()).toEqual(['password', null]);
});

/** The authenticator's code typed into the two-step form: where it leads. */
async function answerCode(secret: string) {
  const { generateSync } = await import('otplib');
  const fd = new FormData();
  for (const d of generateSync({ secret }).split('')) fd.append('code', d);
  try {
    await auth.twoStepSignInAction({ status: 'idle' }, fd);
  } catch (error) {
    return (error as { digest?: string }).digest?.split(';')[2];
  }
  return undefined;
}

/** Runs the checks, then waits for `email`'s notices to settle at `count` (or 5 s). */
async function toldAfter(checks: (() => void)[], email: string, count: number) {
  for (const check of checks) check();
  for (let i = 0; i < 50 && (await notices(email)).length < count; i++)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 300));
  return notices(email);
}

test("an attempt right after the owner's own sign-in is still told", async () => {
  const { email, secret } = await twoStepAccount();
  // The owner signs in, code and all.
  jar.clear();
  await scheduling(async () => {
    expect(await signIn(email)).toBe('/login/mfa');
    expect(await answerCode(secret)).toBe('/');
  });
  // Someone else with the password, a moment later, in another browser, stops at the code.
  jar.clear();
  await new Promise((r) => setTimeout(r, 5));
  const checks = await scheduling(async () => expect(await signIn(email)).toBe('/login/mfa'));
  expect(checks).toHaveLength(1);
  expect(await toldAfter(checks, email, 1)).toHaveLength(1);
});

test("stopping at a victim's code, then signing in to one's own account, leaves the victim's alert due", async () => {
  const victim = await twoStepAccount();
  const own = `own.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, own, PASSWORD);
  jar.clear();
  const checks = await scheduling(async () => {
    expect(await signIn(victim.email)).toBe('/login/mfa');
    // The same browser, its challenge cookie still there: into an account without two-step.
    expect(await signIn(own)).toBe('/');
  });
  expect(checks).toHaveLength(1);
  expect(await toldAfter(checks, victim.email, 1)).toHaveLength(1);
  // And the waiting challenge did not label the other sign-in.
  const sub = (await admin.accountOf(env.getEnv(), own))!.sub;
  await jobs.runJobsDue(); // The sign-in's record, written as the instance's queue would.
  const recent = await activity.recentSignIns(env.getEnv(), sub);
  expect(recent.ok && recent.value?.[0]?.way?.how).toBe('password');
});

test('a restart between the attempt and its due time: still one row and one email', async () => {
  await jobs.runJobsDue(Infinity); // The earlier tests' checks, out of the way.
  const { email } = await twoStepAccount();
  jar.clear();
  const checks = await scheduling(async () => expect(await signIn(email)).toBe('/login/mfa'));
  expect(checks).toHaveLength(1);
  // The instance stops: all it held in memory goes; what it kept on disk stays.
  await jobs.stopJobs();
  state.dropLocalState();
  expect(await notices(email)).toEqual([]);

  // Started again after the due time: what fell due meanwhile runs, once.
  const due = Date.now() + unfinished.UNFINISHED_AFTER_MS;
  expect(await jobs.runJobsDue(due)).toBe(1);
  expect(await jobs.runJobsDue(due)).toBe(0);
  const told = await notices(email);
  expect(told).toHaveLength(1);
  const sub = (await admin.accountOf(env.getEnv(), email))!.sub;
  const recent = await activity.recentSignIns(env.getEnv(), sub);
  expect(recent.ok && recent.value?.filter((e) => e.unfinished)).toHaveLength(1);
});

test("a restart before a sign-in's record is written: the record is still written, once", async () => {
  await jobs.runJobsDue(Infinity);
  const email = `kept.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  jar.clear();
  expect(await signIn(email)).toBe('/');
  expect(jobs.jobsKeptHere().filter((j) => j.kind === 'activity-record')).toHaveLength(1);
  // The instance stops before its queue ran the write.
  await jobs.stopJobs();
  state.dropLocalState();
  expect(await jobs.runJobsDue()).toBe(1);
  expect(await jobs.runJobsDue()).toBe(0);
  const sub = (await admin.accountOf(env.getEnv(), email))!.sub;
  const recent = await activity.recentSignIns(env.getEnv(), sub);
  expect(recent.ok && recent.value?.map((e) => e.way?.how)).toEqual(['password']);
});
