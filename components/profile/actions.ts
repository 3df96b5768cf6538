'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import QRCode from 'qrcode';
import { DEVICE_NAME, otpauthUri, authenticatorCodeSchema } from '@/lib/validation/authenticator';
import {
  changeEmailProofSchema,
  changePhoneProofSchema,
  proofSchema,
  authenticatorTurnOffSchema,
  type ProofField,
} from '@/lib/validation/proof';
import { authed, authedAction, failureState, type ActionState } from '@/lib/actions';
import {
  associateSoftwareToken,
  changePassword,
  completePasskeyRegistration,
  deleteOwnAccount,
  deletePasskey,
  forgetDevice,
  getMfaSettings,
  getUser,
  globalSignOut,
  preferMfaMethod,
  reauthenticate,
  revokeRefreshToken,
  sendAttributeCode,
  setMfaMethod,
  setSoftwareTokenMfa,
  signIn,
  startPasskeyRegistration,
  updateAttributes,
  verifyAttribute,
  verifySoftwareToken,
  type Result,
  type Tokens,
} from '@/lib/cognito';
import type { AuthFailure } from '@/lib/cognito/errors';
import { formatPhone } from '@/lib/format';
import {
  clearThisDevice,
  settleDevice,
  signInContext,
  thisDeviceKey,
  withDevice,
} from '@/lib/devices';
import { moveCreatorEmail } from '@/lib/creators';
import { markRevoked } from '@/lib/session/revocations';
import { log } from '@/lib/log';
import { APP_MSG, codeResent } from '@/lib/messages';
import { checkLimit, codeChecked, recordFailure, smsAllowed, smsSent } from '@/lib/rate-limit';
import { notifyEmailChanged, securityNotice } from '@/lib/notify';
import {
  clearEmailChange,
  clearProofChallenge,
  getProofChallenge,
  setProofChallenge,
  endSession,
  getEmailChange,
  proofFor,
  reauthFresh,
  recordReauth,
  spendReauth,
  setEmailChange,
  updateSessionClaims,
  writeTokens,
  type Session,
} from '@/lib/session';
import {
  changeEmailSchema,
  changePasswordSchema,
  nameSchema,
  verifyEmailChangeSchema,
  verificationCodeSchema,
} from '@/lib/validation/schemas';
import { MSG } from '@/lib/validation/messages';
import { deviceKeySchema } from '@/lib/validation/device';
import { passkeyCredentialSchema, passkeyIdSchema } from '@/lib/validation/passkey';
import {
  codeMethodField,
  codeMethodOffSchema,
  twoStepMethodField,
} from '@/lib/validation/two-step';

/**
 * Profile edits (docs/product.md §4): name and password in one step; email and phone in two (update, then
 * verify the code). After each change the session's claims are updated so the header and the
 * cards show the new values at once.
 */

/** A failed profile call, logged, as the dialog's answer (user gone: sign out after 1 s). */
function failed<F extends string>(
  op: string,
  failure: AuthFailure,
  options: Omit<Parameters<typeof failureState<F>>[1], 'signOutIfGone'> = {},
): ActionState<F> {
  log.info('profile.failed', { op, reason: failure.name });
  return failureState(failure, { ...options, signOutIfGone: true });
}

// What a change of the account's details refreshes: the signed-in pages, whose header shows the
// name. The public pages show no account data; Creator Cash's built pages stay as built.
const SIGNED_IN_AREA = '/(dashboard)';

/** What a follow-up step answers when the proof of the password is missing or too old. */
const REAUTH_AGAIN = 'Please confirm your password again: close this window and start over.';

type Proven = { ok: true; session: Session };
type NotProven<F extends string> = { ok: false; state: ActionState<F> };

/**
 * ASVS 3.7.1 / 2.5.5: before an email, phone or two-step change, the person proves who they are
 * with the password (and a current code when two-step is on) through a full sign-in, counted like
 * one at the sign-in page. The proof must be this session's own account; its tokens serve
 * `withTokens` (if given) and are then revoked, so it leaves no session behind. The proof is
 * recorded in the sealed session (`reauthAt`) for the follow-up steps, which accept it for
 * REAUTH_WINDOW_S; an email change also keeps the address it named (its own sealed cookie).
 */
async function proveIdentity<F extends string = ProofField>(
  session: Session,
  proof: { currentPassword: string; code: string },
  op: string,
  {
    values = {},
    emailChangeTo,
    withTokens,
  }: {
    values?: Partial<Record<F, string>>;
    emailChangeTo?: string;
    withTokens?: (tokens: Tokens) => Promise<void>;
  } = {},
): Promise<Proven | NotProven<F>> {
  const refuse = (state: Omit<ActionState<ProofField>, 'status' | 'values'>): NotProven<F> => {
    log.info('profile.reauth_failed', { op });
    const { fieldErrors, ...rest } = state;
    return {
      ok: false,
      state: {
        status: 'error',
        ...rest,
        ...(fieldErrors ? { fieldErrors: fieldErrors as ActionState<F>['fieldErrors'] } : {}),
        values,
      },
    };
  };
  // A password guess from someone holding the session counts like one at sign-in.
  const limited = await checkLimit('signIn', session.claims.email);
  if (limited) return refuse({ message: limited });
  // A code sent by text message or email answers the sign-in that sent it (its session waits
  // in a sealed cookie); without a code, the password starts a new one.
  const pending = proof.code ? await getProofChallenge(session) : null;
  const texts = pending ? null : await smsAllowed(session.claims.email);
  if (texts) return refuse({ message: texts });
  const proved = await reauthenticate(
    session.claims.email,
    proof.currentPassword,
    proof.code,
    pending ?? undefined,
  );
  if (!proved.ok) {
    const { failure } = proved;
    if (failure.kind !== 'unavailable') await recordFailure('signIn', session.claims.email);
    if (failure.kind === 'challenge-expired' && pending) {
      // The sent code's sign-in is over (3 minutes): the password starts another, with a new code.
      await clearProofChallenge();
      return proveIdentity(session, { ...proof, code: '' }, op, {
        values,
        emailChangeTo,
        withTokens,
      });
    }
    if (failure.kind === 'wrong-password' || failure.kind === 'code-mismatch') {
      log.info('profile.reauth_failed', { op });
      const fields = { codeField: 'code' as F, passwordField: 'currentPassword' as F };
      return { ok: false, state: failureState(failure, { ...fields, values }) };
    }
    return { ok: false, state: failed<F>(op, failure, { values }) };
  }
  if (proved.value.type === 'code-needed')
    return refuse({ fieldErrors: { code: [{ text: MSG.authenticatorCodeEnter }] } });
  if (proved.value.type === 'code-sent') {
    const { challenge, session: waiting, destination } = proved.value;
    if (challenge === 'SMS_MFA') await smsSent(session.claims.email, destination);
    await setProofChallenge(session, {
      challenge,
      session: waiting,
      ...(destination ? { destination: destination.slice(0, 320) } : {}),
    });
    const where = destination ? ` to ${destination}` : '';
    return refuse({
      fieldErrors: {
        code: [
          {
            text:
              challenge === 'SMS_MFA'
                ? `Enter the 6-digit code we sent by text message${where}.`
                : `Enter the 6-digit code we emailed${where}.`,
          },
        ],
      },
    });
  }
  await clearProofChallenge();
  const { tokens } = proved.value;
  if (tokens.claims.sub !== session.claims.sub) {
    log.warn('profile.reauth_other_user', { op });
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    return refuse({ message: { text: APP_MSG.systemError } });
  }
  try {
    await withTokens?.(tokens);
  } finally {
    if (tokens.refreshToken) {
      const revoked = await revokeRefreshToken(tokens.refreshToken);
      if (!revoked.ok) log.warn('profile.reauth_revoke_failed', { reason: revoked.failure.name });
    }
  }
  log.info('profile.reauthenticated', { op });
  if (emailChangeTo !== undefined) await setEmailChange(session, emailChangeTo);
  return { ok: true, session: await recordReauth(session, op) };
}

/** Re-reads the user after a verified change; falls back to what we know changed. */
async function refreshClaims(
  session: Session,
  fallback: Partial<Session['claims']>,
): Promise<Session['claims']> {
  const user = await getUser(session.accessToken);
  const claims = user.ok ? { ...user.value, sub: session.claims.sub } : fallback;
  await updateSessionClaims(session, claims);
  revalidatePath(SIGNED_IN_AREA, 'layout');
  return { ...session.claims, ...claims };
}

export const updateNameAction = authedAction(
  nameSchema,
  async ({ name }, { session, values }) => {
    const result = await updateAttributes(session.accessToken, { name });
    if (!result.ok) return failed('name', result.failure, { values });
    await updateSessionClaims(session, { name });
    revalidatePath(SIGNED_IN_AREA, 'layout');
    log.info('profile.name_changed');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** What became of the other sessions after a password change (the 'All Set!' modal says it). */
export type OthersOutcome = 'signed-out' | 'signed-out-here-too' | 'failed';

/**
 * ASVS 3.3.3: end every other session. GlobalSignOut revokes every token of the user, this
 * session's too, so this one signs in again with the new password it was just given (never
 * stored). An account with MFA meets a code challenge there: then this session ends as well.
 */
async function signOutOthers(session: Session, newPassword: string): Promise<OthersOutcome> {
  const out = await globalSignOut(session.accessToken);
  if (!out.ok) {
    log.warn('profile.sign_out_others_failed', { reason: out.failure.name });
    return 'failed';
  }
  // A remembered device signs in again without a code, as it would at the sign-in page.
  const { result: again } = await withDevice(await signInContext(session.claims.email), (c) =>
    signIn(session.claims.email, newPassword, c),
  );
  if (
    again.ok &&
    again.value.type === 'signed-in' &&
    again.value.tokens.claims.sub === session.claims.sub
  ) {
    await settleDevice(again.value);
    await writeTokens(await cookies(), again.value.tokens);
    log.info('profile.signed_out_others');
    return 'signed-out';
  }
  log.info('profile.signed_out_others', { here: again.ok ? again.value.type : again.failure.name });
  // This session's tokens are already revoked. Its cookies are cleared when the person closes the
  // 'All Set!' modal (sign-out): clearing them here would re-render /profile into a redirect to
  // /login before the modal could say why.
  return 'signed-out-here-too';
}

export const changePasswordAction = authedAction(
  changePasswordSchema,
  async ({ currentPassword, newPassword }, { session, form }) => {
    // A checkbox beside the schema's fields: the choice has to travel with the new password.
    const others = form.get('signOutOthers') === 'on';
    // A guess at the current password counts like one at sign-in (the same limit and failures).
    const limited = await checkLimit('signIn', session.claims.email);
    if (limited) return { status: 'error', message: limited };
    const result = await changePassword(session.accessToken, currentPassword, newPassword);
    if (!result.ok) {
      // Cognito's word for a wrong current password here (a revoked token ends the session).
      if (
        result.failure.name === 'NotAuthorizedException' &&
        result.failure.kind !== 'session-invalid'
      )
        await recordFailure('signIn', session.claims.email);
      return failed('password', result.failure);
    }
    log.info('profile.password_changed');
    await securityNotice(session.claims, 'password-changed');
    if (!others) return { status: 'success' };
    return { status: 'success', data: { others: await signOutOthers(session, newPassword) } };
  },
  { ownCredentials: true },
);

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Step 1 of an email change, after the password (and code) prove who asks: Cognito keeps the old
 * address active and emails a code to the new one.
 */
export const requestEmailChangeAction = authedAction(
  changeEmailProofSchema(false),
  async ({ email, currentPassword, code }, ctx) => {
    const { values } = ctx;
    if (sameEmail(email, ctx.session.claims.email)) {
      return {
        status: 'error',
        fieldErrors: { email: [{ text: 'This is already your email address.' }] },
        values,
      };
    }
    const proof = await proveIdentity(ctx.session, { currentPassword, code }, 'email', {
      values,
      emailChangeTo: email,
    });
    if (!proof.ok) return proof.state;
    const { session } = proof;
    const limited = await checkLimit('sendCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited, values };
    const result = await updateAttributes(session.accessToken, { email });
    if (!result.ok) return failed('email', result.failure, { values });
    log.info('profile.email_change_requested');
    return { status: 'success', values, data: { step: 'verify', email } };
  },
  { ownCredentials: true },
);

/**
 * Send Again: asking for the same change again sends a fresh code to the new address: only ever
 * the one the proven request named (kept server-side in a sealed cookie), and only within the
 * proof's window.
 */
export const resendEmailChangeCodeAction = authed<[email: string], 'code'>(
  async ({ session }, email) => {
    const parsed = changeEmailSchema.safeParse({ email });
    if (!parsed.success)
      return {
        status: 'error',
        message: { text: parsed.error.issues[0]?.message ?? MSG.emailEmpty },
      };
    const target = await getEmailChange(session);
    if (!target || !reauthFresh(session)) {
      log.info('profile.email_resend_refused', { reason: 'no-proof' });
      return { status: 'error', message: { text: REAUTH_AGAIN } };
    }
    if (!sameEmail(parsed.data.email, target)) {
      log.warn('profile.email_resend_refused', { reason: 'other-address' });
      return {
        status: 'error',
        message: { text: 'We can only send a new code to the address you asked for.' },
      };
    }
    const limited = await checkLimit('sendCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited };
    const result = await updateAttributes(session.accessToken, { email: target });
    if (!result.ok) return failed('email_resend', result.failure);
    return { status: 'success', message: codeResent(target) };
  },
  { ownCredentials: true },
);

/** Step 2: the code makes the new address the sign-in address. */
export const verifyEmailChangeAction = authedAction(
  verifyEmailChangeSchema,
  async ({ email, code }, { session }) => {
    const limited = await checkLimit('verifyCode', session.claims.sub);
    if (limited) return { status: 'error', message: limited, data: { step: 'verify', email } };
    const result = await verifyAttribute(session.accessToken, 'email', code);
    await codeChecked(session.claims.sub, result);
    if (!result.ok)
      return failed('email_verify', result.failure, {
        codeField: 'code',
        data: { step: 'verify', email },
      });
    const oldEmail = session.claims.email;
    const asked = await getEmailChange(session);
    // The change is done: Send Again has no address to go to any more.
    await clearEmailChange();
    const updated = await refreshClaims(session, { email: asked ?? email, emailVerified: true });
    log.info('profile.email_changed');
    // The old address hears of it, in case the change was not its owner's (ASVS 2.5.5).
    if (!sameEmail(oldEmail, updated.email)) {
      await notifyEmailChanged(oldEmail, updated.email);
      // The creator system follows, so the old address no longer finds this channel (decision 033).
      if (session.claims.channelId) {
        const moved = await moveCreatorEmail(session.claims.channelId, updated.email);
        if (moved.ok) log.info('channel.email_moved', { account: session.claims.sub });
        else
          log.error('channel.email_move_failed', {
            account: session.claims.sub,
            reason: moved.reason,
          });
      }
    }
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/**
 * A new number is not verified yet: text-message codes stop with the old one, so no sign-in
 * waits on a code sent to a mistyped number (docs/decisions/018-two-step-codes.md). The creator
 * turns them on again once the new number is verified. A failure is logged, not shown: the
 * number changed, and the profile shows what Cognito says is on.
 */
async function stopTextCodes(accessToken: string): Promise<void> {
  const current = await getMfaSettings(accessToken);
  if (!current.ok || !current.value.methods.includes('SMS_MFA')) return;
  const off = await setMfaMethod(accessToken, 'SMS_MFA', false);
  if (off.ok) log.info('profile.code_method_off', { method: 'SMS_MFA', reason: 'phone_changed' });
  else log.warn('profile.text_codes_not_stopped', { reason: off.failure.name });
}

/**
 * Step 1 of a phone change, after the password (and code) prove who asks: the number is replaced
 * at once, unverified, and a code goes to it by SMS.
 */
export const requestPhoneChangeAction = authedAction(
  changePhoneProofSchema(false),
  async ({ phoneNo, currentPassword, code }, ctx) => {
    const { values } = ctx;
    const same = phoneNo === ctx.session.claims.phoneNumber;
    if (same && ctx.session.claims.phoneNumberVerified) {
      return {
        status: 'error',
        fieldErrors: { phoneNo: [{ text: 'This is already your phone number.' }] },
        values,
      };
    }
    const proof = await proveIdentity(ctx.session, { currentPassword, code }, 'phone', { values });
    if (!proof.ok) return proof.state;
    const { session } = proof;
    const limited = await checkLimit('sendSms', session.claims.sub);
    if (limited) return { status: 'error', message: limited, values };
    // Cognito sends no new code when the (unverified) number does not change: ask for one.
    const result: Result<unknown> = same
      ? await sendAttributeCode(session.accessToken, 'phone_number')
      : await updateAttributes(session.accessToken, { phone_number: phoneNo });
    if (!result.ok) return failed('phone', result.failure, { values });
    if (!same) {
      await updateSessionClaims(session, { phoneNumber: phoneNo, phoneNumberVerified: false });
      revalidatePath(SIGNED_IN_AREA, 'layout');
      await stopTextCodes(session.accessToken);
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
 * Sign out everywhere: GlobalSignOut revokes every token of the user; this session's cookies go
 * too. Other sessions end at their next account page, and within 5 minutes everywhere.
 */
export const signOutEverywhereAction = authed<[], never>(async ({ session }) => {
  const result = await globalSignOut(session.accessToken);
  // Tokens already revoked (a sign-out elsewhere) leave nothing to keep; any other failure means
  // the other sessions still stand, so this one stays and says so.
  if (!result.ok && result.failure.name !== 'NotAuthorizedException') {
    log.warn('profile.sign_out_everywhere_failed', { reason: result.failure.name });
    return { status: 'error', message: result.failure.message };
  }
  await markRevoked(session.claims.sub);
  await endSession();
  log.info('profile.signed_out_everywhere');
  return { status: 'success' };
});

/**
 * Adding a passkey needs the password (and a current code) proved for it, every time: a recent
 * sign-in is not enough, since whoever holds a session could otherwise add a way in that outlives
 * a password reset (docs/decisions/030-whoever-proves-the-address.md).
 */
const passkeyProofFresh = (session: Session) => proofFor(session, 'passkey');

async function passkeyOptions(session: Session): Promise<ActionState<ProofField>> {
  const options = await startPasskeyRegistration(session.accessToken);
  if (!options.ok) return failed('passkey_start', options.failure);
  log.info('profile.passkey_started');
  return { status: 'success', data: { options: options.value } };
}

/**
 * Adding a passkey, step 1: the browser's creation options from Cognito, once the password has
 * been proved for it; otherwise the answer asks for the password first (`data.proof`).
 */
export const startPasskeyAction = authed<[], ProofField>(
  async ({ session }) => {
    if (!(await passkeyProofFresh(session))) return { status: 'idle', data: { proof: 'needed' } };
    return passkeyOptions(session);
  },
  { ownCredentials: true },
);

/** The same, with the password (and a current code) proving who asks. */
export const provePasskeyAction = authedAction(
  proofSchema(false),
  async (proofInput, ctx): Promise<ActionState<ProofField>> => {
    const proof = await proveIdentity(ctx.session, proofInput, 'passkey', { values: ctx.values });
    if (!proof.ok) return proof.state;
    return passkeyOptions(proof.session);
  },
  { ownCredentials: true },
);

/** Step 2: Cognito checks and keeps the passkey the browser made (a RegistrationResponseJSON). */
export const completePasskeyAction = authed<[credential: unknown], never>(
  async ({ session }, credential) => {
    if (!(await passkeyProofFresh(session)))
      return { status: 'error', message: { text: REAUTH_AGAIN } };
    const parsed = passkeyCredentialSchema.safeParse(credential);
    if (!parsed.success) {
      log.warn('profile.passkey_malformed');
      return { status: 'error', message: { text: PASSKEY_NOT_SAVED } };
    }
    const saved = await completePasskeyRegistration(session.accessToken, parsed.data);
    if (!saved.ok) return failed('passkey_complete', saved.failure);
    await spendReauth(session);
    await securityNotice(session.claims, 'passkey-added');
    revalidatePath('/profile');
    log.info('profile.passkey_added');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** Removes one passkey: sign-in with it stops working at once. */
export const removePasskeyAction = authed<[id: unknown], never>(
  async ({ session }, id) => {
    const parsed = passkeyIdSchema.safeParse(id);
    if (!parsed.success) return { status: 'error', message: { text: APP_MSG.systemError } };
    const removed = await deletePasskey(session.accessToken, parsed.data);
    if (!removed.ok) return failed('passkey_remove', removed.failure);
    revalidatePath('/profile');
    log.info('profile.passkey_removed');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

const PASSKEY_NOT_SAVED = "The passkey couldn't be saved. Please try again.";

/**
 * Forgets one of the account's devices: it is no longer remembered (its next sign-in asks for the
 * two-step code) and its session ends at its next refresh. Forgetting this browser's own device
 * also drops its cookie and signs out here, with the reason on the sign-in page.
 */
export const forgetDeviceAction = authed<[key: unknown], never>(async ({ session }, key) => {
  const parsed = deviceKeySchema.safeParse(key);
  if (!parsed.success) return { status: 'error', message: { text: APP_MSG.systemError } };
  const forgotten = await forgetDevice(session.accessToken, parsed.data);
  if (!forgotten.ok) return failed('device_forget', forgotten.failure);
  const here = parsed.data === (await thisDeviceKey());
  log.info('profile.device_forgotten', { here });
  if (here) {
    await clearThisDevice();
    await endSession('device-forgotten');
    return { status: 'success', data: { left: 'login' } };
  }
  revalidatePath('/profile');
  return { status: 'success' };
});

/**
 * Deletes the account, after the proof of the password and, with two-step on, a current code
 * (docs/decisions/017-deleting-an-account.md): DeleteUser, then every cookie of this browser goes
 * (session, refresh, device) and /login says so. Sessions elsewhere end at their next request,
 * when the pool no longer knows the user. The creator system's record is not the pool's to delete.
 */
export const deleteAccountAction = authedAction(
  proofSchema(false),
  async ({ currentPassword, code }, { session }) => {
    const proof = await proveIdentity(session, { currentPassword, code }, 'delete_account');
    if (!proof.ok) return proof.state;
    const deleted = await deleteOwnAccount(session.accessToken);
    if (!deleted.ok) return failed('delete_account', deleted.failure);
    await markRevoked(session.claims.sub);
    log.info('profile.account_deleted', { account: session.claims.sub });
    await clearThisDevice();
    await endSession('account-deleted');
    return { status: 'success', data: { left: 'login' } };
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
