'use server';

import { redirect } from 'next/navigation';
import { failureState, validatedAction } from '@/lib/actions';
import { signIn, type Result, type SignInContext, type SignInOutcome } from '@/lib/cognito';
import { accountSub } from '@/lib/cognito/admin';
import { preferTwoStepFor, turnOffTwoStepFor, twoStepOf } from '@/lib/cognito/admin-two-step';
import { readRecovery, writeRecovery } from '@/lib/two-step/store';
import { signInContext, withDevice } from '@/lib/devices';
import { getEnv } from '@/lib/runtime/env';
import { sharedRedis } from '@/lib/upstream/redis';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';
import { emailRef, log } from '@/lib/runtime/log';
import { APP_MSG, FLOW_MSG } from '@/lib/messages';
import { securityNotice } from '@/lib/notify';
import { checkLimit, recordFailure, recordSuccess, smsAllowed } from '@/lib/http/rate-limit';
import { getChallenge, recordReauth, verifySession } from '@/lib/session';
import { spendCode } from '@/lib/two-step/recovery';
import { recoveryCodeSignInSchema, switchTwoStepSchema } from '@/lib/validation/recovery';
import { CHALLENGE_EXPIRED } from './challenge';
import { REVIEW_AFTER_RESET, finishSignIn } from './finish';

const TWO_STEP = new Set(['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP', 'SELECT_MFA_TYPE']);

/** The two-step sign-in waiting in this browser, or back to sign in. */
async function waitingTwoStep() {
  const challenge = await getChallenge();
  if (
    !challenge ||
    !TWO_STEP.has(challenge.name) ||
    (challenge.name === 'EMAIL_OTP' && !challenge.second)
  )
    redirect(CHALLENGE_EXPIRED);
  return challenge;
}

const SWITCH_MS = 30_000;
const ORIGINAL = Symbol.for('creator-dashboard.two-step.original-preference');
type Kept = { method: TwoStepMethod | undefined; until: number; running: number };
const originals = ((globalThis as { [ORIGINAL]?: Map<string, Kept> })[ORIGINAL] ??= new Map());

/**
 * The preference from before the first of the switches running for an account: kept for 30 s
 * (across instances through REDIS_URL), so a second switch restores it, not the first's choice.
 */
async function originalPreference(
  email: string,
  current: TwoStepMethod | undefined,
): Promise<TwoStepMethod | undefined> {
  const key = `two-step-original:${email.toLowerCase()}`;
  const redis = sharedRedis();
  if (redis?.usable()) {
    try {
      await redis.client.set(key, current ?? '-', 'PX', SWITCH_MS, 'NX');
      await redis.client.incr(`${key}:running`);
      await redis.client.pexpire(`${key}:running`, SWITCH_MS);
      const kept = await redis.client.get(key);
      return kept && kept !== '-' ? (kept as TwoStepMethod) : undefined;
    } catch (error) {
      redis.failed(error);
    }
  }
  const here = originals.get(key);
  if (here && here.until > Date.now()) {
    here.running++;
    return here.method;
  }
  originals.set(key, { method: current, until: Date.now() + SWITCH_MS, running: 1 });
  return current;
}

/** The last switch running forgets the kept preference. */
async function switchDone(email: string): Promise<void> {
  const key = `two-step-original:${email.toLowerCase()}`;
  const redis = sharedRedis();
  if (redis?.usable()) {
    try {
      if ((await redis.client.decr(`${key}:running`)) <= 0)
        await redis.client.del(key, `${key}:running`);
      return;
    } catch (error) {
      redis.failed(error);
    }
  }
  const here = originals.get(key);
  if (here && --here.running <= 0) originals.delete(key);
}

/** Where a sign-in with a recovery code ends: the review, told why two-step is off. */
const REVIEW_AFTER_RECOVERY = `${REVIEW_AFTER_RESET}&recovered=1`;

/**
 * A recovery code, with the password again (Cognito finishes no sign-in without it), for the
 * two-step sign-in waiting in this browser. A good code turns every two-step method off with an
 * admin call, deletes the other codes, signs the creator in and tells the mailbox (decision 046).
 * Two uses of one code at once both turn two-step off: the same outcome, so no lock is needed.
 */
export const recoveryCodeSignInAction = validatedAction(
  recoveryCodeSignInSchema,
  async ({ recoveryCode, password }) => {
    const challenge = await waitingTwoStep();
    const email = challenge.username;
    const limited = (await checkLimit('signIn', email)) ?? (await checkLimit('signInCode', email));
    if (limited) return { status: 'error', message: limited };

    const { result: first } = await withDevice(await signInContext(email), (c) =>
      signIn(email, password, c),
    );
    if (!first.ok) {
      if (first.failure.kind !== 'unavailable') await recordFailure('signIn', email);
      log.info('auth.recovery_code_failed', {
        reason: first.failure.name,
        account: emailRef(email),
      });
      return failureState(first.failure, { passwordField: 'password' });
    }
    // Two-step already off (turned off elsewhere meanwhile): signed in, the code kept.
    if (first.value.type === 'signed-in') {
      const finished = await finishSignIn(first.value);
      if (!finished.done) return { status: 'error', message: finished.message };
      redirect(finished.next);
    }
    await recordSuccess('signIn', email);

    const env = getEnv();
    const stored = await readRecovery(env, email);
    if (!stored.ok) return failureState(stored.failure);
    const spent = stored.value ? await spendCode(stored.value, recoveryCode) : null;
    if (!spent) {
      await recordFailure('signInCode', email);
      log.info('auth.recovery_code_failed', { reason: 'wrong-code', account: emailRef(email) });
      return {
        status: 'error',
        fieldErrors: { recoveryCode: [{ text: FLOW_MSG.recoveryCodeWrong }] },
      };
    }
    const off = await turnOffTwoStepFor(env, email);
    if (!off.ok) {
      log.error('auth.recovery_two_step_off_failed', { reason: off.failure.name });
      return { status: 'error', message: { text: APP_MSG.systemError } };
    }
    // Codes exist while two-step is on: the rest go too.
    const cleared = await writeRecovery(env, email, null);
    if (!cleared.ok)
      log.error('auth.recovery_codes_clear_failed', { reason: cleared.failure.name });
    const sub = await accountSub(env, email);
    if (sub) await securityNotice({ sub, email }, 'recovery-code-used');
    log.info('auth.recovery_code_used', { account: emailRef(email) });

    const { result: second, context } = await withDevice(await signInContext(email), (c) =>
      signIn(email, password, c),
    );
    if (!second.ok) return failureState(second.failure);
    const finished = await finishSignIn(second.value, {
      context,
      review: true,
      way: 'password+recovery',
    });
    if (!finished.done) return { status: 'error', message: finished.message };
    // The password and a recovery code were just proved: setting two-step up again, on the next
    // screen, does not ask for them twice (one proof, for that purpose only, spent on it).
    const session = await verifySession();
    if (session) await recordReauth(session, 'two_step_setup');
    log.info('auth.signed_in', { account: emailRef(email), with: 'recovery-code' });
    redirect(finished.next === REVIEW_AFTER_RESET ? REVIEW_AFTER_RECOVERY : finished.next);
  },
);

/**
 * "Try another way" with a method that is on: Cognito asks for the preferred one, so for this one
 * sign-in the chosen method is made preferred, a new sign-in with the password meets its
 * challenge, and the preference goes back as it was (decision 046).
 */
export const switchTwoStepMethodAction = validatedAction(
  switchTwoStepSchema,
  async ({ method, password }, { values }) => {
    const challenge = await waitingTwoStep();
    const email = challenge.username;
    const limited = await checkLimit('signIn', email);
    if (limited) return { status: 'error', message: limited, values };
    const env = getEnv();
    const twoStep = await twoStepOf(env, email);
    if (!twoStep.ok) return failureState(twoStep.failure, { values });
    if (!twoStep.value.methods.includes(method))
      return { status: 'error', message: { text: APP_MSG.invalidMfaType }, values };
    const texts = method === 'SMS_MFA' ? await smsAllowed(email) : null;
    if (texts) return { status: 'error', message: texts, values };

    // Two switches at once: each puts back the preference from before the first, not the other's.
    const before = await originalPreference(email, twoStep.value.preferred);
    let signedIn: { result: Result<SignInOutcome>; context: SignInContext };
    try {
      const moved = before === method ? null : await preferTwoStepFor(env, email, method);
      if (moved && !moved.ok) return failureState(moved.failure, { values });
      signedIn = await withDevice(await signInContext(email), (c) => signIn(email, password, c));
      if (before && before !== method) {
        const back = await preferTwoStepFor(env, email, before);
        if (!back.ok)
          log.error('auth.two_step_preference_restore_failed', { reason: back.failure.name });
      }
    } finally {
      await switchDone(email);
    }
    const { result, context } = signedIn;
    if (!result.ok) {
      if (result.failure.kind !== 'unavailable') await recordFailure('signIn', email);
      log.info('auth.two_step_switch_failed', {
        reason: result.failure.name,
        account: emailRef(email),
      });
      return failureState(result.failure, { values });
    }
    const finished = await finishSignIn(result.value, { context });
    if (!finished.done) return { status: 'error', message: finished.message, values };
    log.info('auth.two_step_switched', { method, account: emailRef(email) });
    redirect(finished.next);
  },
);
