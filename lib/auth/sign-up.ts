'use server';

import { redirect } from 'next/navigation';
import { failureState, validatedAction, withPendingEmail } from '@/lib/actions';
import { confirmSignUp, resendSignUpCode, signUp } from '@/lib/cognito';
import { removeUnconfirmed } from '@/lib/cognito/admin';
import { getEnv } from '@/lib/runtime/env';
import { emailRef, log } from '@/lib/runtime/log';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { APP_MSG, codeResent } from '@/lib/messages';
import { getPendingEmail, rememberEmail, setPendingEmail } from '@/lib/session';
import { nameSchema, signUpSchema, verificationCodeSchema } from '@/lib/validation/schemas';
import { type CodeField, type SignUpField } from './challenge';
import { hasGoogleAccount, precheck, precheckFailure } from './precheck';

export const signUpAction = validatedAction(
  signUpSchema,
  async ({ email, password }, { values }) => {
    const limited = await checkLimit('signUp', email);
    if (limited) return { status: 'error', message: limited, values };
    const pre = await precheck(email);
    if (!pre.ok) return precheckFailure<SignUpField>(pre, values);
    // One account per person (decision 015).
    if (await hasGoogleAccount(email))
      return {
        status: 'error',
        fieldErrors: { email: [{ text: APP_MSG.googleAccountExists }] },
        values,
      };

    // The creator record's name greets a new creator, where it is one the profile would take.
    const name = pre.name && nameSchema.safeParse({ name: pre.name }).data?.name;
    let result = await signUp(email, password, name || undefined);
    // An unfinished sign-up holds nobody's data: this one replaces it (decision 030).
    if (
      !result.ok &&
      result.failure.kind === 'exists' &&
      (await removeUnconfirmed(getEnv(), email))
    )
      result = await signUp(email, password, name || undefined);
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
    log.info('auth.signed_up', { account: emailRef(email) });
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
  log.info('auth.confirmed', { account: emailRef(email) });
  // The code came to the owner's mailbox: this browser is theirs, not a "new browser" to tell of.
  await rememberEmail(email);
  return { status: 'success', message: { text: APP_MSG.verificationSuccess }, data: { email } };
});

export const resendSignUpCodeAction = withPendingEmail<[], CodeField>(async ({ email }) => {
  const limited = await checkLimit('resendCode', email);
  if (limited) return { status: 'error', message: limited };
  const result = await resendSignUpCode(email);
  if (!result.ok) return failureState(result.failure);
  return { status: 'success', message: codeResent(email) };
});
