import 'server-only';
import { revalidatePath } from 'next/cache';
import { proofSchema, type ProofField } from '@/lib/validation/proof';
import { authed, authedAction, type ActionState } from '@/lib/actions';
import {
  completePasskeyRegistration,
  deletePasskey,
  startPasskeyRegistration,
} from '@/lib/cognito';
import { log } from '@/lib/log';
import { APP_MSG } from '@/lib/messages';
import { securityNotice } from '@/lib/notify';
import { proofFor, spendReauth, type Session } from '@/lib/session';
import { passkeyCredentialSchema, passkeyIdSchema } from '@/lib/validation/passkey';
import { REAUTH_AGAIN, failed, proveIdentity } from './common';

// Passkeys: adding one (after the password), removing one.

/**
 * Adding a passkey needs the password (and a current code) proved for it, every time: a recent
 * sign-in is not enough, since whoever holds a session could otherwise add a way in that outlives
 * a password reset (docs/decisions/030-whoever-proves-the-address.md).
 */
export const passkeyProofFresh = (session: Session) => proofFor(session, 'passkey');

export async function passkeyOptions(session: Session): Promise<ActionState<ProofField>> {
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

export const PASSKEY_NOT_SAVED = "The passkey couldn't be saved. Please try again.";
