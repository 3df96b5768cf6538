import 'server-only';
import { randomBytes } from 'node:crypto';
import { failureState, type ActionState } from '@/lib/actions';
import { startPasswordless, type PasswordlessFactor, type SignInOutcome } from '@/lib/cognito';
import { signInContext, withDevice } from '@/lib/devices';
import { nativeAccount, signsInWithGoogle } from '@/lib/cognito/admin';
import { twoStepOf } from '@/lib/cognito/admin-two-step';
import { findCreator, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/runtime/env';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailRef, log } from '@/lib/runtime/log';
import { checkLimit, takeShare } from '@/lib/http/rate-limit';
import { APP_MSG, emailNotFound, unfinishedSignUp, type Message, FLOW_MSG } from '@/lib/messages';
import { securityNotice } from '@/lib/notify';
import { setChallenge } from '@/lib/session';
import { CHALLENGE_TTL_S } from '@/lib/session/seal';

export type Precheck =
  | { ok: true; id: string; name?: string }
  | { ok: false; field: 'email'; unavailable?: undefined; message: Message }
  | { ok: false; field?: undefined; unavailable?: boolean; message: Message };

export async function precheck(email: string): Promise<Precheck> {
  const limited = await checkLimit('lookup', email);
  if (limited) return { ok: false, message: limited };
  const found = await findCreator(email);
  if (found.ok) return { ok: true, ...found.value };
  if (found.reason === 'not-found')
    return { ok: false, field: 'email', message: emailNotFound(getEnv().SUPPORT_EMAIL) };
  return { ok: false, unavailable: true, message: { text: APP_MSG.creatorSystemDown } };
}

/** The lookup as sign-in carries it: the creator system being down no longer stops it here. */
export function lookupOf(pre: Precheck): CreatorResult<string> {
  if (pre.ok) return { ok: true, value: pre.id };
  return { ok: false, reason: pre.field ? 'not-found' : 'unavailable' };
}

/**
 * Whether a sign-in stops at the lookup: only when it was limited. An account already bound to
 * its channel needs no lookup, so an outage is decided after Cognito answers (decision 044).
 */
export function stopsSignIn(pre: Extract<Precheck, { ok: false }>): boolean {
  return !pre.field && !pre.unavailable;
}

export function precheckFailure<F extends string>(
  failure: { field?: 'email'; message: Message },
  values: Partial<Record<F, string>>,
): ActionState<F> {
  return failure.field
    ? {
        status: 'error',
        fieldErrors: { [failure.field]: [failure.message] } as ActionState<F>['fieldErrors'],
        values,
      }
    : { status: 'error', message: failure.message, values };
}

/** Where the pool cannot be asked (no cognito-idp:ListUsers, or Cognito down), sign-up goes on. */
export async function hasGoogleAccount(email: string): Promise<boolean> {
  const env = getEnv();
  if (!hostedSignInEnabled(env)) return false;
  const found = await signsInWithGoogle(env, email);
  if (found.ok) return found.value;
  log.error('auth.google_account_check_failed', { reason: found.failure.name });
  return false;
}

/** true: an unfinished sign-up (decision 030); a Message: the pool could not be asked. */
export async function unfinished(email: string): Promise<boolean | Message> {
  const found = await nativeAccount(getEnv(), email);
  if (found.ok) return found.value === 'unconfirmed';
  log.error('auth.unconfirmed_check_failed', { reason: found.failure.name });
  return found.failure.message;
}

const FACTOR_UNAVAILABLE: Record<PasswordlessFactor, string> = {
  EMAIL_OTP: FLOW_MSG.emailCodesUnavailable,
  WEB_AUTHN: FLOW_MSG.noPasskeyYet,
};

export async function startFactor<F extends string>(
  email: string,
  factor: PasswordlessFactor,
  values: Partial<Record<F, string>>,
): Promise<
  | { ok: true; outcome: Extract<SignInOutcome, { type: 'challenge' }> }
  | { ok: false; state: ActionState<F> }
> {
  const limited = await checkLimit(factor === 'EMAIL_OTP' ? 'resendCode' : 'signIn', email);
  if (limited) return { ok: false, state: { status: 'error', message: limited, values } };
  const pre = await precheck(email);
  if (!pre.ok && stopsSignIn(pre)) return { ok: false, state: precheckFailure<F>(pre, values) };
  const pending = await unfinished(email);
  if (pending === true) {
    log.info('auth.passwordless_failed', {
      factor,
      reason: 'unconfirmed',
      account: emailRef(email),
    });
    return { ok: false, state: { status: 'error', message: unfinishedSignUp(email), values } };
  }
  // Cognito's emailed code would confirm an unfinished sign-up: when unsure, none is sent.
  if (pending !== false && factor === 'EMAIL_OTP')
    return { ok: false, state: { status: 'error', message: pending, values } };
  // A pool hiding unknown users invents a challenge for them (decision 013): say 'not found' now.
  if (!pre.ok && pre.field) {
    const account = await nativeAccount(getEnv(), email);
    if (account.ok && account.value === 'none')
      return { ok: false, state: precheckFailure<F>(pre, values) };
  }
  // Asked beside the start for every emailed code, so a decoy takes no longer than a real start.
  const [{ result: started, context }, twoStep] = await Promise.all([
    withDevice(await signInContext(email), (c) => startPasswordless(email, factor, c)),
    factor === 'EMAIL_OTP' ? twoStepOf(getEnv(), email) : undefined,
  ]);
  if (!started.ok) {
    const { failure } = started;
    log.info('auth.passwordless_failed', {
      factor,
      reason: failure.name,
      account: emailRef(email),
    });
    if (
      !pre.ok &&
      pre.field &&
      (failure.name === 'NotAuthorizedException' || failure.name === 'UserNotFoundException')
    )
      return { ok: false, state: precheckFailure<F>(pre, values) };
    if (failure.kind === 'unconfirmed')
      return { ok: false, state: { status: 'error', message: unfinishedSignUp(email), values } };
    // One answer for every reason the factor is unavailable: nothing tells them apart.
    if (
      failure.name === 'InvalidParameterException' ||
      failure.name === 'WebAuthnNotEnabledException' ||
      failure.name === 'UserNotFoundException' ||
      (failure.name === 'NotAuthorizedException' && failure.kind !== 'locked')
    )
      return {
        ok: false,
        state: { status: 'error', message: { text: FACTOR_UNAVAILABLE[factor] }, values },
      };
    return { ok: false, state: failureState(failure, { values }) };
  }
  const outcome = started.value;
  if (outcome.type !== 'challenge' || outcome.challenge !== factor) {
    if (factor === 'EMAIL_OTP' && twoStep?.ok && twoStep.value.methods.length > 0)
      return { ok: true, outcome: await decoyEmailCode(email, twoStep.value) };
    log.info('auth.factor_unavailable', {
      factor,
      offered: outcome.type === 'challenge' ? outcome.challenge : 'tokens',
    });
    return {
      ok: false,
      state: { status: 'error', message: { text: FACTOR_UNAVAILABLE[factor] }, values },
    };
  }
  await setChallenge({
    name: factor,
    session: outcome.session,
    username: email,
    ...(context.device ? { deviceKey: context.device.key } : {}),
  });
  return { ok: true, outcome };
}

/**
 * An account with two-step on cannot sign in with an emailed code (Cognito: "users who have
 * activated MFA can't sign in with a passwordless first factor"). Saying so would tell such
 * accounts from the rest, so the answer is the one every other address gets, 'Check your email',
 * and the owner is mailed instead (at most once an hour): no code, the way in with the password.
 * The code page then refuses every code as a wrong one, and ends the decoy as Cognito ends a
 * challenge (`decoyAnswer`).
 */
const DECOY = 'decoy:';
export const isDecoy = (session: string) => session.startsWith(DECOY);
const DECOY_NOTICE_EVERY_S = 60 * 60;

async function decoyEmailCode(
  email: string,
  account: { sub?: string; email?: string },
): Promise<Extract<SignInOutcome, { type: 'challenge' }>> {
  const { sub } = account;
  log.info('auth.passwordless_failed', {
    factor: 'EMAIL_OTP',
    reason: 'two-step-on',
    account: emailRef(email),
  });
  if (sub && (await takeShare('decoy-notice', sub, 1, DECOY_NOTICE_EVERY_S)))
    await securityNotice({ sub, email: account.email ?? email }, 'email-code-two-step');
  const session = `${DECOY}${randomBytes(24).toString('base64url')}`;
  await setChallenge({ name: 'EMAIL_OTP', session, username: email });
  // USER_AUTH's challenges name no username: its answers give the address (lib/cognito/shared.ts).
  return { type: 'challenge', challenge: 'EMAIL_OTP', session, username: email, userId: email };
}

/**
 * Cognito ends a challenge's session after a few wrong answers (the local pool: 5, as its
 * conformance cases hold; unconfirmed on a real pool) and after 3 minutes: a decoy too, counted on
 * the server, so a kept copy of its cookie does not start it again. False: it has ended.
 */
export const DECOY_ANSWERS = 5;
export const decoyAnswer = (session: string) =>
  takeShare('decoy-answers', session, DECOY_ANSWERS, CHALLENGE_TTL_S);
