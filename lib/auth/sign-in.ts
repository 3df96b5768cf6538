'use server';

import { redirect } from 'next/navigation';
import {
  failureState,
  inRequest,
  publicAction,
  validatedAction,
  type ActionState,
} from '@/lib/actions';
import {
  associateForSetup,
  completeMfaSetup,
  resendSignUpCode,
  setUpEmailCodes,
  signIn,
} from '@/lib/cognito';
import { signInContext, withDevice } from '@/lib/devices';
import { emailRef, log } from '@/lib/runtime/log';
import {
  checkLimit,
  codeChecked,
  recordFailure,
  recordSuccess,
  smsAllowed,
} from '@/lib/http/rate-limit';
import { APP_MSG, codeResent, FLOW_MSG } from '@/lib/messages';
import { COGNITO_MSG } from '@/lib/messages/cognito';
import { recordSignIn } from './sign-in-record';
import { MSG } from '@/lib/messages/fields';
import {
  clearChallenge,
  forgetEmail,
  getChallenge,
  nowSeconds,
  setChallenge,
  setPendingEmail,
} from '@/lib/session';
import { noteChange } from '@/lib/passkeys';
import { issueRecoveryCodes } from '@/lib/two-step/issue';
import {
  newPasswordChallengeSchema,
  signInEmailSchema,
  signInSchema,
  verificationCodeSchema,
} from '@/lib/validation/schemas';
import { authenticatorCodeSchema, DEVICE_NAME } from '@/lib/validation/authenticator';
import { twoStepCodeSchema, twoStepMethodSchema } from '@/lib/validation/two-step';
import { passkeyCredentialSchema } from '@/lib/validation/passkey';
import {
  CHALLENGE_EXPIRED,
  CHALLENGE_PAGES,
  CodeField,
  SignInField,
  answerNames,
  challengeContext,
  waitingChallenge,
} from './challenge';
import { CodeChallenge, answerCodeChallenge, answerWaiting, settleChallenge } from './answer';
import { finishSignIn } from './finish';
import { lookupOf, precheck, precheckFailure, startFactor, stopsSignIn } from './precheck';

export const signInAction = validatedAction(
  signInSchema,
  async ({ email, password }, { values }) => {
    const limited = await checkLimit('signIn', email);
    if (limited) return { status: 'error', message: limited, values };
    // An unknown email may be one changed in the profile: Cognito decides (docs/product.md §4.3).
    const pre = await precheck(email);
    if (!pre.ok && stopsSignIn(pre)) return precheckFailure<SignInField>(pre, values);
    // SMS pumping: past the cap of texts at sign-in, no call that could send one more.
    const texts = await smsAllowed(email);
    if (texts) return { status: 'error', message: texts, values };
    // A new sign-in: a challenge still waiting (perhaps another account's) is over.
    if (await getChallenge()) await clearChallenge();

    const { result, context } = await withDevice(await signInContext(email), (c) =>
      signIn(email, password, c),
    );
    if (!result.ok) {
      const { failure } = result;
      if (failure.kind !== 'unavailable') await recordFailure('signIn', email);
      if (
        !pre.ok &&
        pre.field &&
        (failure.name === 'NotAuthorizedException' || failure.name === 'UserNotFoundException')
      )
        return precheckFailure<SignInField>(pre, values);
      log.info('auth.sign_in_failed', { reason: failure.name, account: emailRef(email) });
      // A wrong password, in Recent activity with the browser it came from (decision 058).
      if (failure.message.text === COGNITO_MSG.wrongPassword)
        await recordSignIn({ email }, 'password', false);
      if (failure.kind === 'unconfirmed') {
        await resendSignUpCode(email);
        await setPendingEmail(email);
      }
      return failureState(failure, { values });
    }
    await recordSuccess('signIn', email);
    const finished = await finishSignIn(result.value, { lookup: lookupOf(pre), context });
    if (!finished.done) return { status: 'error', message: finished.message, values };
    log.info(finished.signedIn ? 'auth.signed_in' : 'auth.challenged', {
      account: emailRef(email),
    });
    redirect(finished.next);
  },
);

const answerTwoStepCode = (method: CodeChallenge) =>
  validatedAction(twoStepCodeSchema(method), ({ code }, { form }) =>
    answerCodeChallenge(
      method,
      code,
      'auth.two_step_failed',
      { twoStep: true, method },
      {
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
  const name = await inRequest(async () => (await getChallenge())?.name);
  const method = name === 'SMS_MFA' || name === 'EMAIL_OTP' ? name : 'SOFTWARE_TOKEN_MFA';
  return TWO_STEP_CODE_ACTIONS[method](previous, form);
}

export const chooseTwoStepMethodAction = validatedAction(
  twoStepMethodSchema,
  async ({ method }) => {
    const challenge = await waitingChallenge('SELECT_MFA_TYPE');
    if (!(challenge.choices ?? []).includes(method))
      return { status: 'error', message: { text: APP_MSG.invalidMfaType } };
    const texts = method === 'SMS_MFA' ? await smsAllowed(challenge.username) : null;
    if (texts) return { status: 'error', message: texts };
    return answerWaiting(challenge, method, {
      failed: 'auth.two_step_choice_failed',
      onFailure: (failure) => failureState(failure),
      signedIn: ['auth.two_step_chosen', { method }],
    });
  },
);

export const setupTwoStepSignInAction = validatedAction(
  authenticatorCodeSchema,
  async ({ code }, { form }) => {
    const challenge = await waitingChallenge('MFA_SETUP');
    const limited = await checkLimit('signInCode', challenge.username);
    if (limited) return { status: 'error', message: limited };
    const context = await challengeContext(challenge);
    const result = await completeMfaSetup(
      challenge.session,
      answerNames(challenge),
      code,
      DEVICE_NAME,
      context,
    );
    await codeChecked(challenge.username, result, 'signInCode');
    return settleChallenge(challenge, result, {
      context,
      remember: form.get('remember') === 'on',
      failed: 'auth.mfa_setup_failed',
      onFailure: (failure) => failureState(failure, { codeField: 'code' }),
      signedIn: ['auth.signed_in', { twoStepSetUp: true }],
      // Recovery codes come with the app here too, so a lost phone never locks the creator out.
      answer: async (next, outcome) => {
        const codes =
          outcome.type === 'signed-in'
            ? await issueRecoveryCodes(outcome.tokens.claims.sub, 'auth')
            : undefined;
        if (!codes) redirect(next);
        return { status: 'success', data: { codes: codes.join('\n'), next } };
      },
    });
  },
);

/**
 * The required set-up's choice (MFA_SETUP with several methods): the app shows its key next;
 * email codes are set up by answering with the account's address, and the code Cognito then
 * emails is asked for on the two-step page like any other.
 */
export const chooseSetupMethodAction = validatedAction(twoStepMethodSchema, async ({ method }) => {
  const challenge = await waitingChallenge('MFA_SETUP');
  if (method === 'SMS_MFA' || !(challenge.setup ?? []).includes(method))
    return { status: 'error', message: { text: APP_MSG.invalidMfaType } };
  if (method === 'SOFTWARE_TOKEN_MFA') {
    if (!challenge.secret) {
      const associated = await associateForSetup(challenge.session);
      if (!associated.ok) {
        log.warn('auth.mfa_setup_associate_failed', { reason: associated.failure.name });
        return failureState(associated.failure);
      }
      await setChallenge({
        ...challenge,
        session: associated.value.session,
        secret: associated.value.secret,
      });
    }
    redirect(CHALLENGE_PAGES.MFA_SETUP);
  }
  const context = await challengeContext(challenge);
  const result = await setUpEmailCodes(
    challenge.session,
    answerNames(challenge),
    challenge.username,
    context,
  );
  // Answered, Cognito emails the code and asks for it: the two-step page, as after a password.
  return settleChallenge(challenge, result, {
    context,
    failed: 'auth.mfa_setup_failed',
    onFailure: (failure) => failureState(failure),
    signedIn: ['auth.mfa_setup_email', {}],
  });
});

export const newPasswordChallengeAction = validatedAction(
  newPasswordChallengeSchema,
  async ({ newPassword }) => {
    const challenge = await waitingChallenge('NEW_PASSWORD_REQUIRED');
    return answerWaiting(challenge, newPassword, {
      failed: 'auth.new_password_failed',
      onFailure: (failure) => failureState(failure),
      signedIn: ['auth.signed_in', { newPassword: true }],
    });
  },
);

export const emailCodeStartAction = validatedAction(
  signInEmailSchema,
  async ({ email }, { values }) => {
    const started = await startFactor(email, 'EMAIL_OTP', values);
    if (!started.ok) return started.state;
    log.info('auth.challenged', { challenge: 'EMAIL_OTP', account: emailRef(email) });
    return { status: 'success', values, data: { stage: 'code', email } };
  },
);

export const emailCodeSignInAction = validatedAction(verificationCodeSchema, ({ code }) =>
  answerCodeChallenge('EMAIL_OTP', code, 'auth.email_code_failed', { factor: 'EMAIL_OTP' }),
);

/** Cognito has no resend for this code: a new USER_AUTH start sends another. */
export const resendSignInCodeAction = publicAction(async (): Promise<ActionState<CodeField>> => {
  const challenge = await getChallenge();
  if (!challenge || challenge.name !== 'EMAIL_OTP') redirect(CHALLENGE_EXPIRED);
  const started = await startFactor<CodeField>(challenge.username, 'EMAIL_OTP', {});
  if (!started.ok) return { ...started.state, values: undefined };
  return { status: 'success', message: codeResent(challenge.username) };
});

/** Passkey options carry nothing secret; the challenge's session stays on the server. */
export const passkeySignInStartAction = publicAction(
  async (email: unknown): Promise<ActionState<SignInField>> => {
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
  },
);

export const passkeySignInFinishAction = publicAction(
  async (credential: unknown): Promise<ActionState<SignInField>> => {
    const challenge = await waitingChallenge('WEB_AUTHN');
    const parsed = passkeyCredentialSchema.safeParse(credential);
    if (!parsed.success) {
      log.warn('auth.passkey_malformed', { account: emailRef(challenge.username) });
      return { status: 'error', message: { text: FLOW_MSG.passkeyRefused } };
    }
    return answerWaiting<SignInField>(challenge, JSON.stringify(parsed.data), {
      // An unreachable pool is no failed sign-in (as for the password).
      answered: async (result) => {
        if (result.ok) await recordSuccess('signIn', challenge.username);
        else if (result.failure.kind !== 'unavailable')
          await recordFailure('signIn', challenge.username);
        // When it last signed in, for the profile's list (decision 049).
        if (result.ok && result.value.type === 'signed-in')
          await noteChange(
            result.value.tokens.claims.sub,
            parsed.data.id,
            { u: nowSeconds() },
            'auth.passkey_note',
          );
      },
      failed: 'auth.passkey_failed',
      onFailure: async (failure) => {
        await clearChallenge();
        // Cognito's words for a refused assertion say little a person can act on.
        const message =
          failure.kind === 'unavailable' ? failure.message : { text: FLOW_MSG.passkeyRefused };
        return { status: 'error', message };
      },
      signedIn: ['auth.signed_in', { factor: 'WEB_AUTHN' }],
    });
  },
);

/** 'Not you?' on a shared computer: this browser no longer starts from the last address. */
export const forgetRememberedEmailAction = publicAction(async (): Promise<ActionState<never>> => {
  await forgetEmail();
  log.info('auth.remembered_email_forgotten');
  return { status: 'success' };
});
