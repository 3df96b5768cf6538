import type { MfaSettings } from '@/lib/cognito';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';

/** The profile's words about two-step and proofs, computed from what the page read. */

export const METHOD_WORDS = {
  SOFTWARE_TOKEN_MFA: 'a code from your authenticator app',
  SMS_MFA: 'a code by text message',
  EMAIL_OTP: 'a code by email',
} as const;

/** The whole of two-step in a line: on or off, and what signing in asks for first. */
export function twoStepSummary(mfa: MfaSettings | null): string {
  if (!mfa) return 'We could not check two-step verification just now. Reload to try again.';
  const first = askedMethod(mfa);
  if (!first) return 'Off: signing in asks for your password only. Turn on one of the ways below.';
  const others = mfa.methods.length - 1;
  return `On: signing in asks for ${METHOD_WORDS[first]}${
    others > 0 ? `, or ${others === 1 ? 'the other way' : 'another way'} you turned on` : ''
  }.`;
}

/** What signing in asks for once the app is off: the methods that stay on say so. */
export function afterAppOff(mfa: MfaSettings | null): string {
  const left = mfa?.methods.filter((m) => m !== 'SOFTWARE_TOKEN_MFA') ?? [];
  if (left.length === 0) return 'After this, signing in asks for your password only.';
  const by = left.includes('SMS_MFA')
    ? left.includes('EMAIL_OTP')
      ? 'a code by text message or email'
      : 'a code by text message'
    : 'a code by email';
  return `After this, signing in still asks for ${by}.`;
}

export const proofNote = (what: string, twoStep: boolean) =>
  twoStep
    ? `${what}, your current password and the code from your authenticator app.`
    : `${what} and your current password.`;

export const FEDERATED_HINT =
  'Your name, email, password and two-step verification are managed in your Google account.';

/** The method Cognito asks for at sign-in: the preferred one, the only one, or the app's if on. */
export function askedMethod(mfa: MfaSettings | null): TwoStepMethod | undefined {
  if (!mfa || mfa.methods.length === 0) return undefined;
  if (mfa.preferred) return mfa.preferred;
  if (mfa.methods.length === 1) return mfa.methods[0];
  return mfa.methods.includes('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : mfa.methods[0];
}

export function methodsSummary(mfa: MfaSettings): string {
  const sms = mfa.methods.includes('SMS_MFA');
  const email = mfa.methods.includes('EMAIL_OTP');
  return sms && email ? 'Text and email' : sms ? 'Text message' : email ? 'Email' : 'Off';
}
