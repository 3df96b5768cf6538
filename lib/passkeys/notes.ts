import { plainName } from '@/lib/format';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '@/lib/validation/passkey';
import { isAaguid, providerName } from './providers';

/**
 * What the pool does not keep about a creator's passkeys (decision 049): the provider's AAGUID read
 * at registration, a name the creator gave, and when it last signed in. One custom attribute
 * holds them, keyed by a short hash of the credential ID.
 */
export const PASSKEY_NOTES_MAX = 15;
/**
 * The attribute's MaxLength in infra/user-pool.yaml, in bytes as Cognito counts them: long or
 * non-ASCII names fit fewer than PASSKEY_NOTES_MAX notes, and the oldest go first.
 */
export const PASSKEYS_MAX_BYTES = 2048;

const note = z.object({
  /** The credential's key: 12 characters of SHA-256 over its ID. */
  c: z.string().regex(/^[A-Za-z0-9_-]{12}$/),
  a: z.string().refine(isAaguid).optional(),
  n: z.string().min(1).max(PASSKEY_NAME_MAX).optional(),
  /** Seconds since the epoch. */
  u: z.number().int().nonnegative().optional(),
  /** The browser and system that made it ("Chrome on Mac"), for a passkey no provider names. */
  b: z.string().min(1).max(40).optional(),
  /** The device it was made on: a tag of this browser's device key (`deviceTag`). */
  d: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8}$/)
    .optional(),
});
const notesSchema = z.object({ v: z.literal(1), k: z.array(note).max(PASSKEY_NOTES_MAX) });

export type PasskeyNote = z.infer<typeof note>;
export type PasskeyNotes = PasskeyNote[];

export const noteKey = (credentialId: string) =>
  createHash('sha256').update(credentialId).digest('base64url').slice(0, 12);

/** Anything unreadable is no notes: passkeys then show their plain name. */
export function parseNotes(value: string | undefined): PasskeyNotes {
  if (!value) return [];
  try {
    const parsed = notesSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data.k : [];
  } catch {
    return [];
  }
}

export function serialiseNotes(notes: PasskeyNotes): string {
  let kept = notes.slice(-PASSKEY_NOTES_MAX);
  const text = () => JSON.stringify({ v: 1, k: kept });
  while (kept.length > 1 && Buffer.byteLength(text()) > PASSKEYS_MAX_BYTES) kept = kept.slice(1);
  return kept.length ? text() : '';
}

/** The notes with one credential's changed (added when new, at the end, the oldest dropped). */
export function withNote(
  notes: PasskeyNotes,
  credentialId: string,
  change: Omit<Partial<PasskeyNote>, 'c'>,
): PasskeyNotes {
  const c = noteKey(credentialId);
  const kept = notes.find((n) => n.c === c);
  const next: PasskeyNote = { ...kept, ...change, c };
  for (const key of ['a', 'n', 'u', 'b', 'd'] as const)
    if (next[key] === undefined) delete next[key];
  return [...notes.filter((n) => n.c !== c), next].slice(-PASSKEY_NOTES_MAX);
}

export type DescribedPasskey = {
  id: string;
  /** The creator's own name, else the provider's, else 'Passkey'. */
  name: string;
  /** The provider, when the name is the creator's own. */
  provider?: string;
  createdAt: number;
  lastUsedAt?: number;
  /** Made on the browser asking (its device key's tag in the note). */
  madeHere?: boolean;
};

/** Eight characters of SHA-256 over a device key: which browser made a passkey, and no more. */
export const deviceTag = (deviceKey: string) =>
  createHash('sha256').update(deviceKey).digest('base64url').slice(0, 8);

/**
 * `thisDevice`: this browser's device key, to mark the passkeys made on it. The name: the
 * creator's own, else the provider's, else the browser and system that made it, else the pool's.
 */
export function describe(
  passkeys: { id: string; name: string; createdAt: number }[],
  notes: PasskeyNotes,
  thisDevice?: string,
): DescribedPasskey[] {
  const here = thisDevice ? deviceTag(thisDevice) : undefined;
  return passkeys.map((p) => {
    const kept = notes.find((n) => n.c === noteKey(p.id));
    const provider = providerName(kept?.a);
    const made = kept?.b && plainName(kept.b);
    // Names kept before invisible characters were refused are shown without them.
    const name = (kept?.n && plainName(kept.n)) || provider || made || p.name;
    const from = provider ?? made;
    return {
      id: p.id,
      name,
      ...(from && kept?.n ? { provider: from } : {}),
      createdAt: p.createdAt,
      ...(kept?.u ? { lastUsedAt: kept.u } : {}),
      ...(here && kept?.d === here ? { madeHere: true } : {}),
    };
  });
}
