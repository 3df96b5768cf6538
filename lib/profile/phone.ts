'use server';

import { revalidatePath } from 'next/cache';
import { changePhoneProofSchema } from '@/lib/validation/proof';
import { authed, authedAction } from '@/lib/actions';
import {
  getMfaSettings,
  sendAttributeCode,
  setMfaMethod,
  updateAttributes,
  verifyAttribute,
} from '@/lib/cognito';
import { formatPhone } from '@/lib/format';
import { log } from '@/lib/runtime/log';
import { codeResent, FLOW_MSG } from '@/lib/messages';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { updateSessionClaims } from '@/lib/session';
import { verificationCodeSchema } from '@/lib/validation/schemas';
import { SIGNED_IN_AREA, failed, proveIdentity, refreshClaims } from './common';

// A new number is unverified, so text codes stop (decision 018). A failure is only logged: the
// profile shows what Cognito says is on.
async function stopTextCodes(accessToken: string): Promise<void> {
  const current = await getMfaSettings(accessToken);
  if (!current.ok || !current.value.methods.includes('SMS_MFA')) return;
  const off = await setMfaMethod(accessToken, 'SMS_MFA', false);
  if (off.ok) log.info('profile.code_method_off', { method: 'SMS_MFA', reason: 'phone_changed' });
  else log.warn('profile.text_codes_not_stopped', { reason: off.failure.name });
}

export const requestPhoneChangeAction = authedAction(
  changePhoneProofSchema(false),
  async ({ phoneNo, currentPassword, code }, ctx) => {
    const { values } = ctx;
    const same = phoneNo === ctx.session.claims.phoneNumber;
    if (same && ctx.session.claims.phoneNumberVerified) {
      return {
        status: 'error',
        fieldErrors: { phoneNo: [{ text: FLOW_MSG.samePhone }] },
        values,
      };
    }
    const proof = await proveIdentity(ctx.session, { currentPassword, code }, 'phone', { values });
    if (!proof.ok) return proof.state;
    const { session } = proof;
    const limited = await checkLimit('sendSms', session.claims.sub);
    if (limited) return { status: 'error', message: limited, values };
    // Cognito sends no new code when the (unverified) number does not change, nor where the pool
    // does not verify phone numbers by itself (the template auto-verifies email only; botocore,
    // UpdateUserAttributesResponse): then the code is asked for.
    let sent = false;
    if (!same) {
      const updated = await updateAttributes(session.accessToken, { phone_number: phoneNo });
      if (!updated.ok) return failed('phone', updated.failure, { values });
      sent = updated.value.codeSentTo.includes('phone_number');
      await updateSessionClaims(session, { phoneNumber: phoneNo, phoneNumberVerified: false });
      revalidatePath(SIGNED_IN_AREA, 'layout');
      await stopTextCodes(session.accessToken);
    }
    if (!sent) {
      const asked = await sendAttributeCode(session.accessToken, 'phone_number');
      if (!asked.ok) return failed('phone', asked.failure, { values });
    }
    log.info('profile.phone_change_requested');
    return { status: 'success', values, data: { step: 'verify', phone: phoneNo } };
  },
  { ownCredentials: true },
);

export const resendPhoneCodeAction = authed<[], 'code'>(
  async ({ session }) => {
    const limited = await checkLimit('sendSms', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await sendAttributeCode(session.accessToken, 'phone_number');
    if (!result.ok) return failed('phone_resend', result.failure);
    return { status: 'success', message: codeResent(formatPhone(session.claims.phoneNumber)) };
  },
  { ownCredentials: true },
);

export const verifyPhoneAction = authedAction(
  verificationCodeSchema,
  async ({ code }, { session }) => {
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await verifyAttribute(session.accessToken, 'phone_number', code);
    await codeChecked(session.claims.sub, result);
    if (!result.ok) return failed('phone_verify', result.failure, { codeField: 'code' });
    await refreshClaims(session, { phoneNumberVerified: true });
    log.info('profile.phone_verified');
    return { status: 'success' };
  },
  { ownCredentials: true },
);
