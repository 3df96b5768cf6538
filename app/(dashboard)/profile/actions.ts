'use server';

import { revalidatePath } from 'next/cache';
import { authedAction, type ActionState } from '@/lib/actions';
import {
  changePassword,
  getUser,
  sendAttributeCode,
  updateAttributes,
  verifyAttribute,
  type Result,
} from '@/lib/cognito';
import type { AuthFailure } from '@/lib/cognito/errors';
import { formatPhone } from '@/lib/format';
import { log } from '@/lib/log';
import { updateSessionClaims, verifySession, type Session } from '@/lib/session';
import {
  changeEmailSchema,
  changePasswordSchema,
  nameSchema,
  phoneSchema,
  verifyEmailChangeSchema,
  verifyEmailSchema,
} from '@/lib/validation/schemas';

/**
 * Profile edits (spec §4): name and password in one step; email and phone in two (update, then
 * verify the code). After each change the session's claims are updated so the header and the
 * cards show the new values at once.
 */

/** Tells the dialog what to do beyond showing the message (user gone: sign out after 1 s). */
function failed<F extends string>(
  op: string,
  failure: AuthFailure,
  extra: Pick<ActionState<F>, 'values' | 'data'> = {},
  codeField?: F,
): ActionState<F> {
  log.info('profile.failed', { op, reason: failure.name });
  if (failure.kind === 'user-not-found') {
    return {
      status: 'error',
      message: failure.message,
      ...extra,
      data: { ...extra.data, signOut: 'user-not-found' },
    };
  }
  if (failure.kind === 'code-mismatch' && codeField) {
    return {
      status: 'error',
      fieldErrors: { [codeField]: [failure.message] } as ActionState<F>['fieldErrors'],
      ...extra,
    };
  }
  return { status: 'error', message: failure.message, ...extra };
}

/** Re-reads the user after a verified change; falls back to what we know changed. */
async function refreshClaims(session: Session, fallback: Partial<Session['claims']>) {
  const user = await getUser(session.accessToken);
  await updateSessionClaims(
    session,
    user.ok ? { ...user.value, sub: session.claims.sub } : fallback,
  );
  revalidatePath('/', 'layout');
}

export const updateNameAction = authedAction(
  nameSchema,
  ['name'] as const,
  async ({ name }, { session, values }) => {
    const result = await updateAttributes(session.accessToken, { name });
    if (!result.ok) return failed('name', result.failure, { values });
    await updateSessionClaims(session, { name });
    revalidatePath('/', 'layout');
    log.info('profile.name_changed');
    return { status: 'success' };
  },
);

export const changePasswordAction = authedAction(
  changePasswordSchema,
  ['currentPassword', 'newPassword', 'confirmNewPassword'] as const,
  async ({ currentPassword, newPassword }, { session }) => {
    const result = await changePassword(session.accessToken, currentPassword, newPassword);
    if (!result.ok) return failed('password', result.failure);
    log.info('profile.password_changed');
    return { status: 'success' };
  },
);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Step 1 of an email change: Cognito keeps the old address active and emails a code to the new one. */
export const requestEmailChangeAction = authedAction(
  changeEmailSchema,
  ['email'] as const,
  async ({ email }, { session, values }) => {
    if (sameEmail(email, session.claims.email)) {
      return {
        status: 'error',
        fieldErrors: { email: [{ text: 'This is already your email address.' }] },
        values,
      };
    }
    const result = await updateAttributes(session.accessToken, { email });
    if (!result.ok) return failed('email', result.failure, { values });
    log.info('profile.email_change_requested');
    return { status: 'success', values, data: { step: 'verify', email } };
  },
);

/** Send Again: asking for the same change again sends a fresh code to the new address. */
export async function resendEmailChangeCodeAction(email: string): Promise<ActionState<'code'>> {
  const session = await verifySession();
  if (!session) return { status: 'error', unauthenticated: true };
  const parsed = changeEmailSchema.safeParse({ email });
  if (!parsed.success)
    return {
      status: 'error',
      message: { text: parsed.error.issues[0]?.message ?? 'Email cannot be empty' },
    };
  const result = await updateAttributes(session.accessToken, { email: parsed.data.email });
  if (!result.ok) return failed('email_resend', result.failure);
  return { status: 'success', message: { text: `We sent a new code to ${parsed.data.email}.` } };
}

/** Step 2: the code makes the new address the sign-in address. */
export const verifyEmailChangeAction = authedAction(
  verifyEmailChangeSchema,
  ['email', 'code'] as const,
  async ({ email, code }, { session }) => {
    const result = await verifyAttribute(session.accessToken, 'email', code);
    if (!result.ok)
      return failed('email_verify', result.failure, { data: { step: 'verify', email } }, 'code');
    await refreshClaims(session, { email, emailVerified: true });
    log.info('profile.email_changed');
    return { status: 'success' };
  },
);

/** Step 1 of a phone change: the number is replaced at once, unverified, and a code goes to it by SMS. */
export const requestPhoneChangeAction = authedAction(
  phoneSchema,
  ['phoneNo'] as const,
  async ({ phoneNo }, { session, values }) => {
    const same = phoneNo === session.claims.phoneNumber;
    if (same && session.claims.phoneNumberVerified) {
      return {
        status: 'error',
        fieldErrors: { phoneNo: [{ text: 'This is already your phone number.' }] },
        values,
      };
    }
    // Cognito sends no new code when the (unverified) number does not change: ask for one.
    const result: Result<unknown> = same
      ? await sendAttributeCode(session.accessToken, 'phone_number')
      : await updateAttributes(session.accessToken, { phone_number: phoneNo });
    if (!result.ok) return failed('phone', result.failure, { values });
    if (!same) {
      await updateSessionClaims(session, { phoneNumber: phoneNo, phoneNumberVerified: false });
      revalidatePath('/', 'layout');
    }
    log.info('profile.phone_change_requested');
    return { status: 'success', values, data: { step: 'verify', phone: phoneNo } };
  },
);

export async function resendPhoneCodeAction(): Promise<ActionState<'code'>> {
  const session = await verifySession();
  if (!session) return { status: 'error', unauthenticated: true };
  const result = await sendAttributeCode(session.accessToken, 'phone_number');
  if (!result.ok) return failed('phone_resend', result.failure);
  return {
    status: 'success',
    message: { text: `We sent a new code to ${formatPhone(session.claims.phoneNumber)}.` },
  };
}

export const verifyPhoneAction = authedAction(
  verifyEmailSchema,
  ['code'] as const,
  async ({ code }, { session }) => {
    const result = await verifyAttribute(session.accessToken, 'phone_number', code);
    if (!result.ok) return failed('phone_verify', result.failure, {}, 'code');
    await refreshClaims(session, { phoneNumberVerified: true });
    log.info('profile.phone_verified');
    return { status: 'success' };
  },
);
