import 'server-only';
import { parseProofs, type ProofRecord } from '@/lib/activity';
import { readRecordAttributes } from '@/lib/cognito/admin';
import type { Result } from '@/lib/cognito/shared';
import { parseNotes, type PasskeyNotes } from '@/lib/passkeys/notes';
import type { Env } from '@/lib/runtime/env';
import { parseRecord, type RecoveryRecord } from '@/lib/two-step/recovery';

/** What the product keeps about an account, for the profile (decisions 045, 046, 049). */
export type AccountRecords = {
  proofs: ProofRecord[];
  /** `null` for no recovery codes, or a record that cannot be read. */
  recovery: RecoveryRecord | null;
  passkeys: PasskeyNotes;
};

/** Every record in one AdminGetUser; a value that cannot be read counts as none. */
export async function readRecords(env: Env, username: string): Promise<Result<AccountRecords>> {
  const raw = await readRecordAttributes(env, username);
  if (!raw.ok) return raw;
  return {
    ok: true,
    value: {
      proofs: parseProofs(raw.value.activity),
      recovery: parseRecord(raw.value.recovery),
      passkeys: parseNotes(raw.value.passkeys),
    },
  };
}
