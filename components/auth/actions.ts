'use server';

import { redirect } from 'next/navigation';
import { cookies } from 'next/headers';
import {
  failureState,
  inRequest,
  validatedAction,
  withPendingEmail,
  type ActionState,
} from '@/lib/actions';
import {
  associateForSetup,
  completeMfaSetup,
  MFA_METHODS,
  type MfaMethod,
  confirmForgotPassword,
  confirmSignUp,
  forgotPassword,
  respondToChallenge,
  resendSignUpCode,
  signIn,
  signUp,
  startPasswordless,
  type PasswordlessFactor,
  type SignInContext,
  type SignInOutcome,
} from '@/lib/cognito';
import { settleDevice, signInContext, withDevice } from '@/lib/devices';
import { boundClaims } from '@/lib/channel';
import {
  accountSub,
  nativeAccount,
  removeUnconfirmed,
  signOutUserEverywhere,
  signsInWithGoogle,
} from '@/lib/cognito/admin';
import { findCreatorId, type CreatorResult } from '@/lib/creators';
import { getEnv } from '@/lib/env';
import { hostedSignInEnabled } from '@/lib/oauth/hosted';
import { emailRef, log } from '@/lib/log';
import {
  checkLimit,
  codeChecked,
  recordFailure,
  recordSuccess,
  smsAllowed,
  smsSent,
} from '@/lib/rate-limit';
import { APP_MSG, codeResent, emailNotFound, unfinishedSignUp, type Message } from '@/lib/messages';
import { MSG } from '@/lib/validation/messages';
import { unsealNotMe } from '@/lib/session/seal';
import { markRevoked } from '@/lib/session/revocations';
import { securityNotice } from '@/lib/notify';
import {
  clearChallenge,
  clearPendingEmail,
  clearResetEmail,
  endSession,
  getChallenge,
  getPendingEmail,
  getResetEmail,
  setChallenge,
  setPendingEmail,
  setResetEmail,
  writeTokens,
} from '@/lib/session';
import {
  forgotConfirmSchema,
  forgotRequestSchema,
  newPasswordChallengeSchema,
  signInEmailSchema,
  signInSchema,
  signUpSchema,
  verificationCodeSchema,
} from '@/lib/validation/schemas';
import { authenticatorCodeSchema, DEVICE_NAME } from '@/lib/validation/authenticator';
import { twoStepCodeSchema, twoStepMethodSchema } from '@/lib/validation/two-step';
import { passkeyCredentialSchema } from '@/lib/validation/passkey';

type SignInField = 'email' | 'password';
type SignUpField = 'email' | 'password' | 'verifyPassword';
type CodeField = 'code';
type ForgotField = 'email' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

/**
 * The existing-account pre-check of docs/product.md §5 (a creator-system lookup by email). Answers the
 * creator id, or the message to show and the field it belongs to.
 */
async function precheck(
  email: string,
): Promise<{ ok: true; id: string } | { ok: false; field?: 'email'; message: Message }> {
  const limited = await checkLimit('lookup', email);
  if (limited) return { ok: false, message: limited };
  const found = await findCreatorId(email);
  if (found.ok) return { ok: true, id: found.value };
  if (found.reason === 'not-found')
    return { ok: false, field: 'email', message: emailNotFound(getEnv().SUPPORT_EMAIL) };
  return { ok: false, message: { text: APP_MSG.creatorSystemDown } };
}

function precheckFailure<F extends string>(
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

/**
 * Whether the email already signs in with Google. Where the pool cannot be asked (the host lacks
 * cognito-idp:ListUsers, or Cognito is down), sign-up goes on: it is logged, and no worse than
 * before the check existed.
 */
async function hasGoogleAccount(email: string): Promise<boolean> {
  const env = getEnv();
  if (!hostedSignInEnabled(env)) return false;
  const found = await signsInWithGoogle(env, email);
  if (found.ok) return found.value;
  log.error('auth.google_account_check_failed', { reason: found.failure.name });
  return false;
}

/**
 * Whether the account of this email is one nobody has proved the address of (an unfinished
 * sign-up). Only a new sign-up leads into such an account: an emailed code, a passkey or a reset
 * would confirm it with a password someone else may have chosen (decision 030). Where the pool
 * cannot be asked, the answer is the message to show instead (logged).
 */
async function unfinished(email: string): Promise<boolean | Message> {
  const found = await nativeAccount(getEnv(), email);
  if (found.ok) return found.value === 'unconfirmed';
  log.error('auth.unconfirmed_check_failed', { reason: found.failure.name });
  return found.failure.message;
}

const CHALLENGE_PAGES = {
  SOFTWARE_TOKEN_MFA: '/login/mfa',
  SMS_MFA: '/login/mfa',
  EMAIL_OTP: '/login/mfa',
  SELECT_MFA_TYPE: '/login/mfa/choose',
  MFA_SETUP: '/login/mfa/setup',
  NEW_PASSWORD_REQUIRED: '/login/new-password',
} as const;

/** A JSON list of methods in a challenge parameter (MFAS_CAN_CHOOSE, MFAS_CAN_SETUP). */
function methodList(raw: string | undefined): MfaMethod[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(list) ? MFA_METHODS.filter((m) => list.includes(m)) : [];
  } catch {
    return [];
  }
}

type Waiting = Extract<SignInOutcome, { type: 'challenge' }>;

/**
 * What waits in the challenge cookie for the page that asks for the next step; or, where the
 * product cannot answer the challenge, the words to show instead.
 */
async function keepChallenge(
  outcome: Waiting,
  deviceKey: string | undefined,
  review?: boolean,
): Promise<{ ok: true; next: string } | { ok: false; message: Message }> {
  const base = {
    session: outcome.session,
    username: outcome.username,
    ...(deviceKey ? { deviceKey } : {}),
    ...(review ? { review: true as const } : {}),
  };
  const destination = outcome.parameters?.CODE_DELIVERY_DESTINATION?.slice(0, 320);
  switch (outcome.challenge) {
    case 'SOFTWARE_TOKEN_MFA':
    case 'NEW_PASSWORD_REQUIRED':
      await setChallenge({ name: outcome.challenge, ...base });
      return { ok: true, next: CHALLENGE_PAGES[outcome.challenge] };
    case 'SMS_MFA':
    case 'EMAIL_OTP':
      if (outcome.challenge === 'SMS_MFA') await smsSent(outcome.username, destination);
      await setChallenge({
        name: outcome.challenge,
        ...base,
        ...(outcome.challenge === 'EMAIL_OTP' ? { second: true as const } : {}),
        ...(destination ? { destination } : {}),
      });
      return { ok: true, next: CHALLENGE_PAGES[outcome.challenge] };
    case 'SELECT_MFA_TYPE': {
      const choices = methodList(outcome.parameters?.MFAS_CAN_CHOOSE);
      if (choices.length === 0) break;
      await setChallenge({ name: 'SELECT_MFA_TYPE', ...base, choices });
      return { ok: true, next: CHALLENGE_PAGES.SELECT_MFA_TYPE };
    }
    case 'MFA_SETUP': {
      // The product sets up an authenticator app here (text messages need a verified number,
      // which only a signed-in creator can add).
      if (!methodList(outcome.parameters?.MFAS_CAN_SETUP).includes('SOFTWARE_TOKEN_MFA')) {
        log.warn('auth.mfa_setup_unavailable', { offered: outcome.parameters?.MFAS_CAN_SETUP });
        return { ok: false, message: { text: 'No valid MFA method provided' } };
      }
      const associated = await associateForSetup(outcome.session);
      if (!associated.ok) {
        log.warn('auth.mfa_setup_associate_failed', { reason: associated.failure.name });
        return { ok: false, message: associated.failure.message };
      }
      await setChallenge({
        name: 'MFA_SETUP',
        ...base,
        session: associated.value.session,
        secret: associated.value.secret,
      });
      return { ok: true, next: CHALLENGE_PAGES.MFA_SETUP };
    }
  }
  log.warn('auth.unsupported_challenge', { challenge: outcome.challenge });
  return { ok: false, message: { text: 'Please use your credentials to sign in' } };
}

/**
 * Signed in: write the session. A challenge we answer (a two-step code, a choice of method, the
 * set-up of an authenticator app, a new password): keep it in a short-lived sealed cookie and
 * answer the page that asks for it. Anything else: a message.
 */
async function finishSignIn(
  outcome: SignInOutcome,
  {
    lookup,
    context,
    remember,
    review: afterReset,
  }: {
    lookup?: CreatorResult<string>;
    /** The device and address the sign-in carried; a challenge's answer carries them again. */
    context?: SignInContext;
    /** The two-step screen's "Remember this device". */
    remember?: boolean;
    /** The sign-in after a reset: it ends on the review of the ways in (decision 032). */
    review?: boolean;
  } = {},
): Promise<{ done: true; next: string } | { done: false; message: Message }> {
  // A challenge answered here may be the second step of the sign-in after a reset.
  const review = afterReset ?? (await getChallenge())?.review === true;
  if (outcome.type === 'signed-in') {
    const claims = await boundClaims(outcome.tokens.claims, lookup);
    await settleDevice(outcome, remember);
    await writeTokens(await cookies(), { ...outcome.tokens, claims });
    await clearPendingEmail();
    await clearChallenge();
    return { done: true, next: review ? REVIEW_AFTER_RESET : '/' };
  }
  const kept = await keepChallenge(outcome, context?.device?.key, review);
  if (kept.ok) return { done: true, next: kept.next };
  await clearChallenge();
  return { done: false, message: kept.message };
}

export const signInAction = validatedAction(
  signInSchema,
  async ({ email, password }, { values }) => {
    const limited = await checkLimit('signIn', email);
    if (limited) return { status: 'error', message: limited, values };
    // The pre-check (docs/product.md §5) stops sign-in while the creator system is down. An email it does not
    // know may still be an account whose email changed in the profile (the creator system keeps
    // the old one), so Cognito decides; its refusal then reads as the pre-check's 'Email not found'.
    const pre = await precheck(email);
    if (!pre.ok && !pre.field) return precheckFailure<SignInField>(pre, values);
    // SMS pumping: past the cap of texts at sign-in, no call that could send one more.
    const texts = await smsAllowed(email);
    if (texts) return { status: 'error', message: texts, values };

    const { result, context } = await withDevice(await signInContext(email), (c) =>
      signIn(email, password, c),
    );
    if (!result.ok) {
      const { failure } = result;
      if (failure.kind !== 'unavailable') await recordFailure('signIn', email);
      // Unknown to the creator system and refused by Cognito (as a wrong password where the app
      // client hides unknown users, by name where it does not): the pre-check's 'Email not found'.
      if (
        !pre.ok &&
        (failure.name === 'NotAuthorizedException' || failure.name === 'UserNotFoundException')
      )
        return precheckFailure<SignInField>(pre, values);
      log.info('auth.sign_in_failed', { reason: failure.name, account: emailRef(email) });
      if (failure.kind === 'unconfirmed') {
        // Send a fresh code so the link leads straight to a code that works.
        await resendSignUpCode(email);
        await setPendingEmail(email);
      }
      return failureState(failure, { values });
    }
    await recordSuccess('signIn', email);
    // The pre-check's lookup decides the channel too (not found here: an email changed since).
    const record: CreatorResult<string> = pre.ok
      ? { ok: true, value: pre.id }
      : { ok: false, reason: 'not-found' };
    const finished = await finishSignIn(result.value, { lookup: record, context });
    if (!finished.done) return { status: 'error', message: finished.message, values };
    log.info(finished.next === '/' ? 'auth.signed_in' : 'auth.challenged');
    redirect(finished.next);
  },
);

export const signUpAction = validatedAction(
  signUpSchema,
  async ({ email, password }, { values }) => {
    const limited = await checkLimit('signUp', email);
    if (limited) return { status: 'error', message: limited, values };
    const pre = await precheck(email);
    if (!pre.ok) return precheckFailure<SignUpField>(pre, values);
    // One account per person (docs/decisions/015-google-and-password-accounts.md).
    if (await hasGoogleAccount(email))
      return {
        status: 'error',
        fieldErrors: { email: [{ text: APP_MSG.googleAccountExists }] },
        values,
      };

    let result = await signUp(email, password);
    // An unfinished sign-up for this email holds nobody's data: this one replaces it, and its
    // code decides who owns the account (decision 030).
    if (
      !result.ok &&
      result.failure.kind === 'exists' &&
      (await removeUnconfirmed(getEnv(), email))
    )
      result = await signUp(email, password);
    if (!result.ok) {
      log.info('auth.sign_up_failed', { reason: result.failure.name, account: emailRef(email) });
      const message =
        result.failure.kind === 'exists'
          ? {
              ...result.failure.message,
              link: { label: 'log in', href: `/login?email=${encodeURIComponent(email)}` },
            }
          : result.failure.message;
      return { status: 'error', message, values };
    }
    log.info('auth.signed_up');
    await setPendingEmail(email);
    redirect('/verify-email');
  },
);

export const verifySignUpAction = validatedAction(verificationCodeSchema, async ({ code }) => {
  const email = await getPendingEmail();
  if (!email) redirect('/login');
  const limited = await checkLimit('verifyCode', email);
  if (limited) return { status: 'error', message: limited };
  const result = await confirmSignUp(email, code);
  await codeChecked(email, result);
  if (!result.ok) {
    log.info('auth.confirm_failed', { reason: result.failure.name, account: emailRef(email) });
    return failureState(result.failure, { codeField: 'code' });
  }
  // The pending email stays until sign-in: clearing it here would re-render this page without it.
  log.info('auth.confirmed');
  return { status: 'success', message: { text: APP_MSG.verificationSuccess }, data: { email } };
});

export const resendSignUpCodeAction = withPendingEmail<[], CodeField>(async ({ email }) => {
  const limited = await checkLimit('resendCode', email);
  if (limited) return { status: 'error', message: limited };
  const result = await resendSignUpCode(email);
  if (!result.ok) return failureState(result.failure);
  return { status: 'success', message: codeResent(email) };
});

/** Stage 1 of forgot-password: pre-check, then ask Cognito to email a code. */
export const forgotRequestAction = validatedAction(
  forgotRequestSchema,
  async ({ email }, { values }) => {
    const limited = await checkLimit('resetPassword', email);
    if (limited) return { status: 'error', message: limited, values };
    const pre = await precheck(email);
    if (!pre.ok) return precheckFailure<ForgotField>(pre, values);
    // Where the pool cannot be asked, the reset goes on: Cognito sends no code to an address
    // nobody has verified.
    if ((await unfinished(email)) === true) {
      log.info('auth.reset_request_failed', { reason: 'unconfirmed', account: emailRef(email) });
      return { status: 'error', message: unfinishedSignUp(email), values };
    }
    const result = await forgotPassword(email);
    if (!result.ok) {
      log.info('auth.reset_request_failed', {
        reason: result.failure.name,
        account: emailRef(email),
      });
      // Not confirmed after all (a sign-up since the check): sign-up again is the way in.
      if (result.failure.kind === 'unconfirmed')
        return { status: 'error', message: unfinishedSignUp(email), values };
      // Cognito's quota on codes per account is spent, perhaps by requests from elsewhere
      // (decision 035): the latest code is already in the owner's inbox, so this browser goes on
      // to the code step with the quota's words ("…use the latest code we sent…").
      if (result.failure.name === 'LimitExceededException') {
        await setResetEmail(email);
        const { message } = failureState(result.failure, { values });
        return { status: 'success', message, values, data: { stage: 'confirm', email } };
      }
      return failureState(result.failure, { values });
    }
    await setResetEmail(email);
    return { status: 'success', values, data: { stage: 'confirm', email } };
  },
);

/** Stage 2: code and new password, then sign in with it (docs/product.md §4). */
export const forgotConfirmAction = validatedAction(
  forgotConfirmSchema,
  async ({ email: typed, verificationCode, newPassword }, { values }) => {
    // Only the browser that asked for the code may use it (decision 031): the email is the one
    // this browser's request named, never one a form claims.
    const email = await getResetEmail();
    if (!email || email !== typed) {
      log.info('auth.reset_failed', { reason: 'no-request-here', account: emailRef(typed) });
      return { status: 'error', message: { text: RESET_ELSEWHERE }, values };
    }
    const stage = { stage: 'confirm', email };
    const limited = await checkLimit('verifyCode', email);
    if (limited) return { status: 'error', message: limited, values, data: stage };
    const result = await confirmForgotPassword(email, verificationCode, newPassword);
    await codeChecked(email, result);
    if (!result.ok) {
      log.info('auth.reset_failed', { reason: result.failure.name, account: emailRef(email) });
      return failureState(result.failure, { codeField: 'verificationCode', values, data: stage });
    }
    await clearResetEmail();
    const sub = await accountSub(getEnv(), email);
    if (sub) await securityNotice({ sub, email }, 'password-reset');
    // ASVS 3.3.3 / 2.5: whoever held a session before the reset loses it; the new one starts after.
    const ended = await signOutUserEverywhere(getEnv(), email);
    if (sub) await markRevoked(sub);
    if (!ended.ok)
      log.error('auth.reset_sign_out_failed', {
        reason: ended.failure.name,
        account: emailRef(email),
      });
    const { result: signedIn, context } = await withDevice(await signInContext(email), (c) =>
      signIn(email, newPassword, c),
    );
    const finished = signedIn.ok
      ? await finishSignIn(signedIn.value, { context, review: true })
      : null;
    // The password is changed either way; without the automatic sign-in, sign in by hand.
    if (!finished?.done) redirect(`/login?email=${encodeURIComponent(email)}`);
    log.info('auth.reset_and_signed_in');
    // Signed in, or on the way through a second step: either ends on the review of the ways
    // into the account, to remove any the creator did not add (decision 032).
    redirect(finished.next);
  },
);

/** Where a reset's code step has no request of this browser behind it (or one for another email). */
const RESET_ELSEWHERE = 'This reset has expired. Please request a new code.';

export async function resendResetCodeAction(email: string): Promise<ActionState<ForgotField>> {
  const parsed = forgotRequestSchema.safeParse({ email });
  if (!parsed.success) return { status: 'error', message: { text: MSG.emailInvalid } };
  if ((await getResetEmail()) !== parsed.data.email)
    return { status: 'error', message: { text: RESET_ELSEWHERE } };
  const limited = await checkLimit('resendCode', parsed.data.email);
  if (limited) return { status: 'error', message: limited, data: { stage: 'confirm', email } };
  const result = await forgotPassword(parsed.data.email);
  if (!result.ok) return failureState(result.failure, { data: { stage: 'confirm', email } });
  return {
    status: 'success',
    message: codeResent(parsed.data.email),
    data: { stage: 'confirm', email },
  };
}

/** Where the sign-in after a reset ends: every way into the account, to review (decision 032). */
const REVIEW_AFTER_RESET = '/profile?review=ways-in';

/** Where a lost or expired challenge sends people: sign in again, told why. */
const CHALLENGE_EXPIRED = '/login?reason=expired';

/**
 * What the answer to a waiting challenge carries: the address, and the device the sign-in named
 * (still this browser's; a device cookie changed since names none).
 */
async function challengeContext(challenge: { username: string; deviceKey?: string }) {
  const context = await signInContext(challenge.username);
  if (context.device && context.device.key === challenge.deviceKey) return context;
  return context.ip ? { ip: context.ip } : {};
}

type CodeChallenge = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';

/**
 * A code that answers a waiting sign-in challenge (the authenticator app's, one sent by text or
 * email after the password, or an emailed way in): limits, Cognito's answer, and on success the
 * session; a lost challenge starts sign-in again. `second`: an EMAIL_OTP after the password.
 */
async function answerCodeChallenge(
  name: CodeChallenge,
  code: string,
  failedEvent: string,
  signedIn: Record<string, string | boolean>,
  { remember, second = false }: { remember?: boolean; second?: boolean } = {},
): Promise<ActionState<CodeField>> {
  const challenge = await getChallenge();
  if (!challenge || challenge.name !== name || Boolean(challenge.second) !== second)
    redirect(CHALLENGE_EXPIRED);
  const limited = await checkLimit('verifyCode', challenge.username);
  if (limited) return { status: 'error', message: limited };
  const context = await challengeContext(challenge);
  const result = await respondToChallenge(
    name,
    challenge.session,
    challenge.username,
    code,
    context,
    second,
  );
  await codeChecked(challenge.username, result);
  if (!result.ok) {
    log.info(failedEvent, { reason: result.failure.name, account: emailRef(challenge.username) });
    if (result.failure.kind === 'challenge-expired') {
      await clearChallenge();
      redirect(CHALLENGE_EXPIRED);
    }
    return failureState(result.failure, { codeField: 'code' });
  }
  const finished = await finishSignIn(result.value, { context, remember });
  if (!finished.done) return { status: 'error', message: finished.message };
  log.info('auth.signed_in', signedIn);
  redirect(finished.next);
}

/**
 * The code asked for after the password: the authenticator app's (SOFTWARE_TOKEN_MFA), or one
 * sent by text message (SMS_MFA) or email (EMAIL_OTP); and whether to remember this device so
 * that the next sign-in here skips the code.
 */
const answerTwoStepCode = (method: CodeChallenge) =>
  validatedAction(twoStepCodeSchema(method), ({ code }, { form }) =>
    answerCodeChallenge(
      method,
      code,
      'auth.two_step_failed',
      { twoStep: true, method },
      {
        // A checkbox beside the schema's fields, as the password change's "Sign out other devices".
        remember: form.get('remember') === 'on',
        second: method === 'EMAIL_OTP',
      },
    ),
  );
const TWO_STEP_CODE_ACTIONS = {
  SOFTWARE_TOKEN_MFA: answerTwoStepCode('SOFTWARE_TOKEN_MFA'),
  SMS_MFA: answerTwoStepCode('SMS_MFA'),
  EMAIL_OTP: answerTwoStepCode('EMAIL_OTP'),
} as const;

export async function twoStepSignInAction(
  previous: ActionState<CodeField>,
  form: FormData,
): Promise<ActionState<CodeField>> {
  // The waiting challenge names the method, and so the words for a missing code; with none
  // waiting, the answer leads back to sign-in (after the form's own checks).
  const name = (await getChallenge())?.name;
  const method = name === 'SMS_MFA' || name === 'EMAIL_OTP' ? name : 'SOFTWARE_TOKEN_MFA';
  return TWO_STEP_CODE_ACTIONS[method](previous, form);
}

/** SELECT_MFA_TYPE: the method the creator chose; its code is asked for next. */
export const chooseTwoStepMethodAction = validatedAction(
  twoStepMethodSchema,
  async ({ method }) => {
    const challenge = await getChallenge();
    if (!challenge || challenge.name !== 'SELECT_MFA_TYPE') redirect(CHALLENGE_EXPIRED);
    if (!(challenge.choices ?? []).includes(method))
      return { status: 'error', message: { text: 'Invalid MFA type' } };
    const texts = method === 'SMS_MFA' ? await smsAllowed(challenge.username) : null;
    if (texts) return { status: 'error', message: texts };
    const context = await challengeContext(challenge);
    const result = await respondToChallenge(
      'SELECT_MFA_TYPE',
      challenge.session,
      challenge.username,
      method,
      context,
    );
    if (!result.ok) {
      log.info('auth.two_step_choice_failed', { reason: result.failure.name });
      if (result.failure.kind === 'challenge-expired') {
        await clearChallenge();
        redirect(CHALLENGE_EXPIRED);
      }
      return failureState(result.failure);
    }
    const finished = await finishSignIn(result.value, { context });
    if (!finished.done) return { status: 'error', message: finished.message };
    log.info('auth.two_step_chosen', { method });
    redirect(finished.next);
  },
);

/**
 * MFA_SETUP (a pool that requires two-step verification): the code from the newly added
 * authenticator app proves it, then the sign-in goes on.
 */
export const setupTwoStepSignInAction = validatedAction(
  authenticatorCodeSchema,
  async ({ code }, { form }) => {
    const challenge = await getChallenge();
    if (!challenge || challenge.name !== 'MFA_SETUP') redirect(CHALLENGE_EXPIRED);
    const limited = await checkLimit('verifyCode', challenge.username);
    if (limited) return { status: 'error', message: limited };
    const context = await challengeContext(challenge);
    const result = await completeMfaSetup(
      challenge.session,
      challenge.username,
      code,
      DEVICE_NAME,
      context,
    );
    await codeChecked(challenge.username, result);
    if (!result.ok) {
      log.info('auth.mfa_setup_failed', { reason: result.failure.name });
      if (result.failure.kind === 'challenge-expired') {
        await clearChallenge();
        redirect(CHALLENGE_EXPIRED);
      }
      return failureState(result.failure, { codeField: 'code' });
    }
    const finished = await finishSignIn(result.value, {
      context,
      remember: form.get('remember') === 'on',
    });
    if (!finished.done) return { status: 'error', message: finished.message };
    log.info('auth.signed_in', { twoStepSetUp: true });
    redirect(finished.next);
  },
);

/** The new password a user created by invitation must choose (NEW_PASSWORD_REQUIRED). */
export const newPasswordChallengeAction = validatedAction(
  newPasswordChallengeSchema,
  async ({ newPassword }) => {
    const challenge = await getChallenge();
    if (!challenge || challenge.name !== 'NEW_PASSWORD_REQUIRED') redirect(CHALLENGE_EXPIRED);
    const context = await challengeContext(challenge);
    const result = await respondToChallenge(
      'NEW_PASSWORD_REQUIRED',
      challenge.session,
      challenge.username,
      newPassword,
      context,
    );
    if (!result.ok) {
      log.info('auth.new_password_failed', { reason: result.failure.name });
      if (result.failure.kind === 'challenge-expired') {
        await clearChallenge();
        redirect(CHALLENGE_EXPIRED);
      }
      return failureState(result.failure);
    }
    const finished = await finishSignIn(result.value, { context });
    if (!finished.done) return { status: 'error', message: finished.message };
    log.info('auth.signed_in', { newPassword: true });
    redirect(finished.next);
  },
);

/** Where Cognito offers a factor other than the one asked for, or none: the words for each. */
const FACTOR_UNAVAILABLE: Record<PasswordlessFactor, string> = {
  EMAIL_OTP:
    "Email sign-in codes aren't available for this account. Please sign in with your password.",
  WEB_AUTHN:
    'No passkey is set up for this account yet. Sign in with your password, then add one in your profile.',
};

/**
 * Starts a passwordless sign-in with the same pre-check and limits as the password's: the
 * challenge waits in its sealed cookie. Answers the outcome, or the form's answer to show.
 */
async function startFactor<F extends string>(
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
  if (!pre.ok && !pre.field) return { ok: false, state: precheckFailure<F>(pre, values) };
  const pending = await unfinished(email);
  if (pending === true) {
    log.info('auth.passwordless_failed', {
      factor,
      reason: 'unconfirmed',
      account: emailRef(email),
    });
    return { ok: false, state: { status: 'error', message: unfinishedSignUp(email), values } };
  }
  // Cognito's emailed code would confirm an unfinished sign-up: without the pool's answer, none
  // is sent (a passkey needs a confirmed account anyway).
  if (pending !== false && factor === 'EMAIL_OTP')
    return { ok: false, state: { status: 'error', message: pending, values } };
  // A pool that hides unknown users answers an address it does not know with a challenge of its
  // own making (decision 013); one the creator system does not know either is told so now, as at
  // password sign-in, rather than waiting on a code that never comes.
  if (!pre.ok) {
    const account = await nativeAccount(getEnv(), email);
    if (account.ok && account.value === 'none')
      return { ok: false, state: precheckFailure<F>(pre, values) };
  }
  const { result: started, context } = await withDevice(await signInContext(email), (c) =>
    startPasswordless(email, factor, c),
  );
  if (!started.ok) {
    const { failure } = started;
    log.info('auth.passwordless_failed', {
      factor,
      reason: failure.name,
      account: emailRef(email),
    });
    if (
      !pre.ok &&
      (failure.name === 'NotAuthorizedException' || failure.name === 'UserNotFoundException')
    )
      return { ok: false, state: precheckFailure<F>(pre, values) };
    if (failure.kind === 'unconfirmed')
      return { ok: false, state: { status: 'error', message: unfinishedSignUp(email), values } };
    // One answer whatever keeps the factor from this account (no account, a disabled one, no
    // verified address, a pool or app client without the factor): nothing tells them apart.
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

/** Stage 1 of the emailed-code sign-in: Cognito emails a code (USER_AUTH, EMAIL_OTP). */
export const emailCodeStartAction = validatedAction(
  signInEmailSchema,
  async ({ email }, { values }) => {
    const started = await startFactor(email, 'EMAIL_OTP', values);
    if (!started.ok) return started.state;
    log.info('auth.challenged', { challenge: 'EMAIL_OTP' });
    return { status: 'success', values, data: { stage: 'code', email } };
  },
);

/** Stage 2: the emailed code signs the creator in. */
export const emailCodeSignInAction = validatedAction(verificationCodeSchema, ({ code }) =>
  answerCodeChallenge('EMAIL_OTP', code, 'auth.email_code_failed', { factor: 'EMAIL_OTP' }),
);

/** Send Again: a new sign-in code (Cognito has no resend here: a new USER_AUTH start). */
export async function resendSignInCodeAction(): Promise<ActionState<CodeField>> {
  const challenge = await getChallenge();
  if (!challenge || challenge.name !== 'EMAIL_OTP') redirect(CHALLENGE_EXPIRED);
  const started = await startFactor<CodeField>(challenge.username, 'EMAIL_OTP', {});
  if (!started.ok) return { ...started.state, values: undefined };
  return { status: 'success', message: codeResent(challenge.username) };
}

/**
 * Passkey sign-in, step 1: Cognito's request options for this account's passkeys (USER_AUTH,
 * WEB_AUTHN) for the browser. They carry nothing secret; the challenge's session stays here.
 */
export async function passkeySignInStartAction(email: unknown): Promise<ActionState<SignInField>> {
  const parsed = signInEmailSchema.safeParse({ email });
  if (!parsed.success)
    return { status: 'error', fieldErrors: { email: [{ text: MSG.emailInvalid }] } };
  const values = { email: parsed.data.email };
  const started = await startFactor<SignInField>(parsed.data.email, 'WEB_AUTHN', values);
  if (!started.ok) return started.state;
  const options = started.outcome.parameters?.CREDENTIAL_REQUEST_OPTIONS;
  if (!options) {
    log.warn('auth.passkey_options_missing');
    await clearChallenge();
    return { status: 'error', message: { text: APP_MSG.systemError }, values };
  }
  return { status: 'success', values, data: { options } };
}

/** Step 2: the browser's assertion answers the challenge; the creator is signed in. */
export async function passkeySignInFinishAction(
  credential: unknown,
): Promise<ActionState<SignInField>> {
  const challenge = await getChallenge();
  if (!challenge || challenge.name !== 'WEB_AUTHN') redirect(CHALLENGE_EXPIRED);
  const parsed = passkeyCredentialSchema.safeParse(credential);
  if (!parsed.success) {
    log.warn('auth.passkey_malformed', { account: emailRef(challenge.username) });
    return { status: 'error', message: { text: PASSKEY_REFUSED } };
  }
  const context = await challengeContext(challenge);
  const result = await respondToChallenge(
    'WEB_AUTHN',
    challenge.session,
    challenge.username,
    JSON.stringify(parsed.data),
    context,
  );
  if (!result.ok) {
    const { failure } = result;
    await recordFailure('signIn', challenge.username);
    log.info('auth.passkey_failed', {
      reason: failure.name,
      account: emailRef(challenge.username),
    });
    await clearChallenge();
    if (failure.kind === 'challenge-expired') redirect(CHALLENGE_EXPIRED);
    // Cognito's words for a refused assertion say little a person can act on.
    return {
      status: 'error',
      message: failure.kind === 'unavailable' ? failure.message : { text: PASSKEY_REFUSED },
    };
  }
  await recordSuccess('signIn', challenge.username);
  const finished = await finishSignIn(result.value, { context });
  if (!finished.done) return { status: 'error', message: finished.message };
  log.info('auth.signed_in', { factor: 'WEB_AUTHN' });
  redirect(finished.next);
}

const PASSKEY_REFUSED =
  "That passkey didn't work for this account. Try another passkey, or sign in with your password.";

/**
 * "This wasn't me" (a security notice's link, decision 032): every session of the account ends
 * (its refresh tokens are revoked), this browser's too, and the creator is asked for a reset.
 */
export async function notMeAction(form: unknown): Promise<never> {
  return inRequest(() => endEverySession(form));
}

async function endEverySession(form: unknown): Promise<never> {
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
