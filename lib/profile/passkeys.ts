'use server';

import { revalidatePath } from 'next/cache';
import { proofSchema, type ProofField } from '@/lib/validation/proof';
import { authed, authedAction, type ActionState } from '@/lib/actions';
import {
  completePasskeyRegistration,
  deletePasskey,
  listPasskeys,
  startPasskeyRegistration,
} from '@/lib/cognito';
import { aaguidOf, changeNotes, noteChange } from '@/lib/passkeys';
import { deviceTag, noteKey } from '@/lib/passkeys/notes';
import { providerName } from '@/lib/passkeys/providers';
import { plainName } from '@/lib/format';
import { thisDeviceKey } from '@/lib/devices';
import { log } from '@/lib/runtime/log';
import { settleTwoStep } from '@/lib/passkeys/two-step';
import { APP_MSG, FLOW_MSG } from '@/lib/messages';
import { requestClient, securityNotice } from '@/lib/notify';
import { proofFor, spendReauth, type Session } from '@/lib/session';
import {
  passkeyCredentialSchema,
  passkeyIdSchema,
  passkeyNameSchema,
} from '@/lib/validation/passkey';
import { failed, proveIdentity } from './common';

/** Every time: a session alone could add a way in that outlives a reset (decision 030). */
const passkeyProofFresh = (session: Session) => proofFor(session, 'passkey');

async function passkeyOptions(session: Session): Promise<ActionState<ProofField>> {
  const options = await startPasskeyRegistration(session.accessToken);
  if (!options.ok) return failed('passkey_start', options.failure);
  log.info('profile.passkey_started');
  return { status: 'success', data: { options: options.value } };
}

export const startPasskeyAction = authed<[], ProofField>(
  async ({ session }) => {
    if (!(await passkeyProofFresh(session))) return { status: 'idle', data: { proof: 'needed' } };
    return passkeyOptions(session);
  },
  { ownCredentials: true },
);

export const provePasskeyAction = authedAction(
  proofSchema(false),
  async (proofInput, ctx): Promise<ActionState<ProofField>> => {
    const proof = await proveIdentity(ctx.session, proofInput, 'passkey', { values: ctx.values });
    if (!proof.ok) return proof.state;
    return passkeyOptions(proof.session);
  },
  { ownCredentials: true },
);

export const completePasskeyAction = authed<[credential: unknown], never>(
  async ({ session }, credential) => {
    if (!(await passkeyProofFresh(session)))
      return { status: 'error', message: { text: FLOW_MSG.reauthAgain } };
    const parsed = passkeyCredentialSchema.safeParse(credential);
    if (!parsed.success) {
      log.warn('profile.passkey_malformed');
      return { status: 'error', message: { text: FLOW_MSG.passkeyNotSaved } };
    }
    const saved = await completePasskeyRegistration(session.accessToken, parsed.data);
    if (!saved.ok) return failed('passkey_complete', saved.failure);
    await spendReauth(session);
    // Its provider, else the browser that made it, for the name the list shows (decision 049),
    // and which browser that was, for 'Made on this device'.
    const aaguid = aaguidOf(parsed.data);
    const client = (await requestClient())?.browser ?? '';
    const browser = /unknown/i.test(client) ? '' : plainName(client.slice(0, 40));
    const device = await thisDeviceKey(session.claims.sub);
    await noteChange(
      session.claims.sub,
      parsed.data.id,
      {
        ...(aaguid ? { a: aaguid } : {}),
        ...(browser ? { b: browser } : {}),
        ...(device ? { d: deviceTag(device) } : {}),
      },
      'profile.passkey_note',
    );
    const named = providerName(aaguid) ?? (browser || undefined);
    // With two-step on, the passkey signs in too, where the pool allows it (decision 056).
    await settleTwoStep(
      { sub: session.claims.sub, accessToken: session.accessToken },
      'passkey-added',
    );
    await securityNotice(session.claims, 'passkey-added');
    revalidatePath('/profile');
    log.info('profile.passkey_added');
    // The next step asks for a name of the creator's own, starting from this one.
    return { status: 'success', data: { id: parsed.data.id, ...(named ? { name: named } : {}) } };
  },
  { ownCredentials: true },
);

export const removePasskeyAction = authed<[id: unknown], never>(
  async ({ session }, id) => {
    const parsed = passkeyIdSchema.safeParse(id);
    if (!parsed.success) return { status: 'error', message: { text: APP_MSG.systemError } };
    const removed = await deletePasskey(session.accessToken, parsed.data);
    if (!removed.ok) return failed('passkey_remove', removed.failure);
    const key = noteKey(parsed.data);
    await changeNotes(
      session.claims.sub,
      (notes) => notes.filter((n) => n.c !== key),
      'profile.passkey_note',
    );
    revalidatePath('/profile');
    log.info('profile.passkey_removed');
    return { status: 'success' };
  },
  { ownCredentials: true },
);

/** A name the creator chooses; only for a passkey the pool lists for this account. */
export const renamePasskeyAction = authed<[id: unknown, name: unknown], 'name'>(
  async ({ session }, id, name) => {
    const parsedId = passkeyIdSchema.safeParse(id);
    if (!parsedId.success) return { status: 'error', message: { text: APP_MSG.systemError } };
    const parsedName = passkeyNameSchema.safeParse(name);
    if (!parsedName.success)
      return {
        status: 'error',
        fieldErrors: { name: [{ text: parsedName.error.issues[0]?.message ?? 'Enter a name.' }] },
      };
    const listed = await listPasskeys(session.accessToken);
    if (!listed.ok) return failed('passkey_rename', listed.failure);
    if (!listed.value.some((p) => p.id === parsedId.data)) {
      log.warn('profile.passkey_rename_unknown');
      return { status: 'error', message: { text: APP_MSG.systemError } };
    }
    const saved = await noteChange(
      session.claims.sub,
      parsedId.data,
      { n: parsedName.data },
      'profile.passkey_note',
    );
    if (!saved) return { status: 'error', message: { text: APP_MSG.systemError } };
    revalidatePath('/profile');
    log.info('profile.passkey_renamed');
    return { status: 'success' };
  },
  { ownCredentials: true },
);
