import 'server-only';
import { revalidatePath } from 'next/cache';
import QRCode from 'qrcode';
import { DEVICE_NAME, otpauthUri, authenticatorCodeSchema } from '@/lib/validation/authenticator';
import { proofSchema, authenticatorTurnOffSchema, type ProofField } from '@/lib/validation/proof';
import { authed, authedAction, type ActionState } from '@/lib/actions';
import {
  associateSoftwareToken,
  getMfaSettings,
  preferMfaMethod,
  setMfaMethod,
  setSoftwareTokenMfa,
  verifySoftwareToken,
  type Result,
} from '@/lib/cognito';
import { log } from '@/lib/log';
import { checkLimit, codeChecked } from '@/lib/rate-limit';
import { securityNotice } from '@/lib/notify';
import { proofFor, reauthFresh, spendReauth, type Session } from '@/lib/session';
import {
  codeMethodField,
  codeMethodOffSchema,
  twoStepMethodField,
} from '@/lib/validation/two-step';
import { REAUTH_AGAIN, failed, proveIdentity } from './common';

// Two-step verification: the authenticator app, codes by text or email, the method asked first.

/**
 * Authenticator-app setup, step 1: once the password proves who asks, a new secret from Cognito
 * (pending until verified), as a QR code and as text. The secret goes to the dialog only: never
 * stored, never logged.
 */
export const startAuthenticatorSetupAction = authedAction(
  proofSchema(false),
  async (proofInput, ctx): Promise<ActionState<ProofField>> => {
    const proof = await proveIdentity(ctx.session, proofInput, 'two_step_setup', {
      values: ctx.values,
    });
    if (!proof.ok) return proof.state;
    return makeAuthenticatorSecret(proof.session);
  },
  { ownCredentials: true },
);

export async function makeAuthenticatorSecret(session: Session): Promise<ActionState<ProofField>> {
  const result = await associateSoftwareToken(session.accessToken);
  if (!result.ok) return failed('two_step_associate', result.failure);
  const qr = await QRCode.toString(otpauthUri(session.claims.email, result.value), {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  log.info('profile.two_step_setup_started');
  return { status: 'success', data: { secret: result.value, qr } };
}

/** Step 2: a code from the app proves the secret arrived; then sign-in asks for codes. */
export const confirmAuthenticatorSetupAction = authedAction(
  authenticatorCodeSchema,
  async ({ code }, { session }) => {
    if (!(await proofFor(session, 'two_step_setup')))
      return { status: 'error', message: { text: REAUTH_AGAIN } };
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const verified = await verifySoftwareToken(session.accessToken, code, DEVICE_NAME);
    await codeChecked(session.claims.sub, verified);
    if (!verified.ok) return failed('two_step_verify', verified.failure, { codeField: 'code' });
    const enabled = await setSoftwareTokenMfa(session.accessToken, true);
    if (!enabled.ok) return failed('two_step_enable', enabled.failure);
    await spendReauth(session);
    await securityNotice(session.claims, 'authenticator-added');
    revalidatePath('/profile');
    log.info('profile.two_step_enabled');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * Turning MFA off proves the password and a current code through a real sign-in
 * (docs/decisions/005-turning-off-mfa.md); that sign-in's own tokens are revoked afterwards.
 */
export const turnOffTwoStepAction = authedAction(
  authenticatorTurnOffSchema,
  async ({ currentPassword, code }, { session }) => {
    // Turned off with the proof sign-in's own access token, before its tokens are revoked.
    const outcome: { off?: Result<void> } = {};
    const proof = await proveIdentity(session, { currentPassword, code }, 'two_step_turn_off', {
      withTokens: async (tokens) => {
        outcome.off = await setSoftwareTokenMfa(tokens.accessToken, false);
      },
    });
    if (!proof.ok) return proof.state;
    const { off } = outcome;
    if (!off) throw new Error('the proof went ahead without turning two-step off');
    if (!off.ok) return failed('two_step_disable', off.failure);
    revalidatePath('/profile');
    log.info('profile.two_step_disabled');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * Turns on two-step codes by text message (to the verified phone number) or email (to the
 * verified address). Adding a method needs no proof: it only adds a second step, delivered to the
 * account's own verified contacts. The first method on becomes the preferred one; otherwise the
 * preference stays.
 */
export const turnOnCodeMethodAction = authed<[method: unknown], never>(
  async ({ session }, method) => {
    const parsed = codeMethodField.safeParse(method);
    if (!parsed.success) return { status: 'error', message: { text: 'Invalid MFA type' } };
    // Server-side facts: the sealed session's claims, from Cognito's id token.
    if (
      parsed.data === 'SMS_MFA' &&
      !(session.claims.phoneNumber && session.claims.phoneNumberVerified)
    )
      return {
        status: 'error',
        message: { text: 'Add and verify a phone number first to get codes by text message.' },
      };
    const current = await getMfaSettings(session.accessToken);
    if (!current.ok) return failed('code_method_on', current.failure);
    // Beside another method, a new one could move the second step away from it: the password
    // first (a session alone must not, decision 030).
    if (current.value.methods.length > 0 && !reauthFresh(session))
      return { status: 'idle', data: { proof: 'needed' } };
    const preferred =
      current.value.preferred ?? (current.value.methods.length === 0 ? parsed.data : undefined);
    const on = await setMfaMethod(session.accessToken, parsed.data, true, preferred);
    if (!on.ok) return failed('code_method_on', on.failure);
    await securityNotice(session.claims, 'code-method-added');
    revalidatePath('/profile');
    log.info('profile.code_method_on', { method: parsed.data });
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * Turns a sent-code method off, after the proof of the password (and the code the account asks
 * for), as turning the authenticator app off does (docs/decisions/005-turning-off-mfa.md).
 */
export const turnOffCodeMethodAction = authedAction(
  codeMethodOffSchema(false),
  async ({ method, currentPassword, code }, { session, values }) => {
    const proof = await proveIdentity<'method' | ProofField>(
      session,
      { currentPassword, code },
      'code_method_off',
      { values },
    );
    if (!proof.ok) return proof.state;
    const off = await setMfaMethod(session.accessToken, method, false);
    if (!off.ok) return failed('code_method_off', off.failure);
    revalidatePath('/profile');
    log.info('profile.code_method_off', { method });
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * The password (and the code sign-in would ask for) before a change of the two-step methods that
 * a session alone may not make; the change itself is asked for again within the proof's window.
 */
export const proveTwoStepChangeAction = authedAction(
  proofSchema(false),
  async (proofInput, ctx): Promise<ActionState<ProofField>> => {
    const proof = await proveIdentity(ctx.session, proofInput, 'two_step_change', {
      values: ctx.values,
    });
    if (!proof.ok) return proof.state;
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** Makes one method that is on the one sign-in asks for first. */
export const preferMethodAction = authed<[method: unknown], never>(
  async ({ session }, method) => {
    const parsed = twoStepMethodField.safeParse(method);
    if (!parsed.success) return { status: 'error', message: { text: 'Invalid MFA type' } };
    // Which method sign-in asks for first is a two-step setting: the password first.
    if (!reauthFresh(session)) return { status: 'idle', data: { proof: 'needed' } };
    const preferred = await preferMfaMethod(session.accessToken, parsed.data);
    if (!preferred.ok) return failed('prefer_method', preferred.failure);
    revalidatePath('/profile');
    log.info('profile.method_preferred', { method: parsed.data });
    return { status: 'success' };
  },
  { ownCredentials: true },
);
