'use server';

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
import { log } from '@/lib/runtime/log';
import { settleTwoStep } from '@/lib/passkeys/two-step';
import { issueRecoveryCodes } from '@/lib/two-step/issue';
import { checkLimit, codeChecked } from '@/lib/http/rate-limit';
import { securityNotice } from '@/lib/notify';
import { proofFor, spendReauth, type Session } from '@/lib/session';
import {
  codeMethodField,
  codeMethodOffSchema,
  twoStepMethodField,
} from '@/lib/validation/two-step';
import { failed, proveIdentity } from './common';
import { FLOW_MSG, APP_MSG } from '@/lib/messages';

/** The secret goes to the dialog only: never stored, never logged. */
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

/**
 * Set-up with the proof this sign-in already gave: a recovery code and the password, which leave
 * two-step off (decision 046). The next screen sets it up again without asking for them twice.
 */
export const resumeAuthenticatorSetupAction = authed<[], ProofField>(async ({ session }) => {
  if (!(await proofFor(session, 'two_step_setup')))
    return { status: 'idle', data: { proof: 'needed' } };
  return makeAuthenticatorSecret(session);
});

async function makeAuthenticatorSecret(session: Session): Promise<ActionState<ProofField>> {
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

export const confirmAuthenticatorSetupAction = authedAction(
  authenticatorCodeSchema,
  async ({ code }, { session }) => {
    if (!(await proofFor(session, 'two_step_setup')))
      return { status: 'error', message: { text: FLOW_MSG.reauthAgain } };
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const verified = await verifySoftwareToken(session.accessToken, code, DEVICE_NAME);
    await codeChecked(session.claims.sub, verified);
    if (!verified.ok) return failed('two_step_verify', verified.failure, { codeField: 'code' });
    const enabled = await setSoftwareTokenMfa(session.accessToken, true);
    if (!enabled.ok) return failed('two_step_enable', enabled.failure);
    await spendReauth(session);
    await settleTwoStep(account(session), 'method-on');
    await securityNotice(session.claims, 'authenticator-added');
    revalidatePath('/profile');
    log.info('profile.two_step_enabled');
    const codes = await storeNewCodes(session);
    return { status: 'success', ...(codes ? { data: { codes: codes.join('\n') } } : {}) };
  },
  { ownCredentials: true },
);

export const turnOffTwoStepAction = authedAction(
  authenticatorTurnOffSchema,
  async ({ currentPassword, code }, { session }) => {
    // decision 005: off with the proof sign-in's own access token, before its tokens are revoked.
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
    // Recovery codes and passkey MFA exist while two-step is on (decisions 046, 056).
    await settleTwoStep(account(session), 'method-off');
    revalidatePath('/profile');
    log.info('profile.two_step_disabled');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** Adding a method needs no proof: it only adds a step, sent to the account's verified contacts. */
export const turnOnCodeMethodAction = authed<[method: unknown], never>(
  async ({ session }, method) => {
    const parsed = codeMethodField.safeParse(method);
    if (!parsed.success) return { status: 'error', message: { text: APP_MSG.invalidMfaType } };
    if (
      parsed.data === 'SMS_MFA' &&
      !(session.claims.phoneNumber && session.claims.phoneNumberVerified)
    )
      return {
        status: 'error',
        message: { text: FLOW_MSG.phoneFirst },
      };
    const current = await getMfaSettings(session.accessToken);
    if (!current.ok) return failed('code_method_on', current.failure);
    // Beside another method, a new one could move the second step away from it (decision 030).
    // Its own proof, spent on it (ASVS 3.7.1): not one made for another change.
    const beside = current.value.methods.length > 0;
    if (beside && !(await proofFor(session, 'two_step_change')))
      return { status: 'idle', data: { proof: 'needed' } };
    const preferred =
      current.value.preferred ?? (current.value.methods.length === 0 ? parsed.data : undefined);
    const on = await setMfaMethod(session.accessToken, parsed.data, true, preferred);
    if (!on.ok) return failed('code_method_on', on.failure);
    if (beside) await spendReauth(session);
    await settleTwoStep(account(session), 'method-on');
    await securityNotice(session.claims, 'code-method-added');
    revalidatePath('/profile');
    log.info('profile.code_method_on', { method: parsed.data });
    return { status: 'success' };
  },
  { ownCredentials: true },
);

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
    // The last method gone, no recovery code may turn two-step off later (decision 046).
    await settleTwoStep(account(session), 'method-off');
    revalidatePath('/profile');
    log.info('profile.code_method_off', { method });
    return { status: 'success' };
  },
  { ownCredentials: true },
);

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

export const preferMethodAction = authed<[method: unknown], never>(
  async ({ session }, method) => {
    const parsed = twoStepMethodField.safeParse(method);
    if (!parsed.success) return { status: 'error', message: { text: APP_MSG.invalidMfaType } };
    if (!(await proofFor(session, 'two_step_change')))
      return { status: 'idle', data: { proof: 'needed' } };
    const preferred = await preferMfaMethod(session.accessToken, parsed.data);
    if (!preferred.ok) return failed('prefer_method', preferred.failure);
    await spendReauth(session);
    revalidatePath('/profile');
    log.info('profile.method_preferred', { method: parsed.data });
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** Undefined when the codes could not be stored: the profile offers them again. */
const storeNewCodes = (session: Session) => issueRecoveryCodes(session.claims.sub, 'profile');

export const newRecoveryCodesAction = authedAction(
  proofSchema(true),
  async (proofInput, ctx): Promise<ActionState<ProofField>> => {
    const proof = await proveIdentity(ctx.session, proofInput, 'recovery_codes', {
      values: ctx.values,
    });
    if (!proof.ok) return proof.state;
    const codes = await storeNewCodes(proof.session);
    if (!codes) return { status: 'error', message: { text: APP_MSG.systemError } };
    await securityNotice(proof.session.claims, 'recovery-codes-created');
    revalidatePath('/profile');
    return { status: 'success', data: { codes: codes.join('\n') } };
  },
  { ownCredentials: true },
);

const account = (session: Session) => ({
  sub: session.claims.sub,
  accessToken: session.accessToken,
});
