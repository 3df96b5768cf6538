'use server';

import { redirect } from 'next/navigation';
import { failureState, publicAction, validatedAction, type ActionState } from '@/lib/actions';
import { confirmForgotPassword, forgotPassword, signIn } from '@/lib/cognito';
import { signInContext, withDevice } from '@/lib/devices';
import { accountSub, signOutUserEverywhere } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/runtime/env';
import { emailRef, log } from '@/lib/runtime/log';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { codeResent, codeTexted, unfinishedSignUp, FLOW_MSG } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { markRevoked } from '@/lib/session/revocations';
import { securityNotice } from '@/lib/notify';
import { clearResetEmail, getResetEmail, setResetEmail } from '@/lib/session';
import { forgotConfirmSchema, forgotRequestSchema } from '@/lib/validation/schemas';
import { type ForgotField } from './challenge';
import { finishSignIn } from './finish';
import { precheck, precheckFailure, unfinished } from './precheck';

export const forgotRequestAction = validatedAction(
  forgotRequestSchema,
  async ({ email }, { values }) => {
    const limited = await checkLimit('resetPassword', email);
    if (limited) return { status: 'error', message: limited, values };
    const pre = await precheck(email);
    // Down: Cognito decides; an account not bound yet is stopped at its sign-in (decision 044).
    if (!pre.ok && !pre.unavailable) return precheckFailure<ForgotField>(pre, values);
    if (!pre.ok) log.warn('auth.reset_without_lookup', { account: emailRef(email) });
    // If the pool cannot be asked, the reset goes on: Cognito sends no code to an unverified email.
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
      if (result.failure.kind === 'unconfirmed')
        return { status: 'error', message: unfinishedSignUp(email), values };
      // Cognito's code quota, perhaps spent from elsewhere: on to the code step (decision 035).
      if (result.failure.name === 'LimitExceededException') {
        await setResetEmail(email);
        const { message } = failureState(result.failure, { values });
        return { status: 'success', message, values, data: { stage: 'confirm', email } };
      }
      return failureState(result.failure, { values });
    }
    await setResetEmail(email);
    return { status: 'success', values, data: { stage: 'confirm', email, ...result.value } };
  },
);

export const forgotConfirmAction = validatedAction(
  forgotConfirmSchema,
  async ({ email: typed, verificationCode, newPassword }, { values }) => {
    // Only the browser that asked for the code may use it (decision 031).
    const email = await getResetEmail();
    if (!email || email !== typed) {
      log.info('auth.reset_failed', { reason: 'no-request-here', account: emailRef(typed) });
      return { status: 'error', message: { text: FLOW_MSG.resetExpired }, values };
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
    // ASVS 3.3.3: whoever held a session before the reset loses it.
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
    // Changed, but not signed in here (a lookup or a pool answer stood in the way): say so.
    if (!finished?.done)
      redirect(`/login?email=${encodeURIComponent(email)}&reason=password-changed`);
    log.info('auth.reset_and_signed_in', { account: emailRef(email) });
    redirect(finished.next);
  },
);

export const resendResetCodeAction = publicAction(
  async (email: string): Promise<ActionState<ForgotField>> => {
    const parsed = forgotRequestSchema.safeParse({ email });
    if (!parsed.success) return { status: 'error', message: { text: MSG.emailInvalid } };
    if ((await getResetEmail()) !== parsed.data.email)
      return { status: 'error', message: { text: FLOW_MSG.resetExpired } };
    const limited = await checkLimit('resendCode', parsed.data.email);
    if (limited) return { status: 'error', message: limited, data: { stage: 'confirm', email } };
    const result = await forgotPassword(parsed.data.email);
    if (!result.ok) return failureState(result.failure, { data: { stage: 'confirm', email } });
    const { texted } = result.value;
    return {
      status: 'success',
      message: texted ? codeTexted(texted) : codeResent(parsed.data.email),
      data: { stage: 'confirm', email, ...result.value },
    };
  },
);
