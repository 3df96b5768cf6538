import 'server-only';
import {
  convertAAGUIDToString,
  decodeAttestationObject,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { readPasskeyNotes, writePasskeyNotes } from './store';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import type { PasskeyCredential } from '@/lib/validation/passkey';
import { withNote, type PasskeyNote, type PasskeyNotes } from './notes';

const NO_AAGUID = '00000000-0000-0000-0000-000000000000';

/** The provider's AAGUID in a registration's authenticator data; none when unreadable or zeros. */
export function aaguidOf(credential: PasskeyCredential): string | undefined {
  const encoded = credential.response.attestationObject;
  if (typeof encoded !== 'string') return undefined;
  try {
    const attestation = decodeAttestationObject(isoBase64URL.toBuffer(encoded));
    const { aaguid } = parseAuthenticatorData(attestation.get('authData'));
    const text = aaguid ? convertAAGUIDToString(aaguid) : undefined;
    return text && text !== NO_AAGUID ? text : undefined;
  } catch {
    return undefined;
  }
}

/** One read and one write: a failure is logged, and the passkey keeps working unnamed. */
export async function changeNotes(
  sub: string,
  change: (notes: PasskeyNotes) => PasskeyNotes,
  event: string,
): Promise<boolean> {
  const env = getEnv();
  const notes = await readPasskeyNotes(env, sub);
  if (!notes.ok) {
    log.warn(`${event}_failed`, { reason: notes.failure.name });
    return false;
  }
  const written = await writePasskeyNotes(env, sub, change(notes.value));
  if (!written.ok) log.warn(`${event}_failed`, { reason: written.failure.name });
  return written.ok;
}

export const noteChange = (
  sub: string,
  credentialId: string,
  change: Omit<Partial<PasskeyNote>, 'c'>,
  event: string,
) => changeNotes(sub, (notes) => withNote(notes, credentialId, change), event);
