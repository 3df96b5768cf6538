import 'server-only';
import { readRecordAttributes, writeRecordAttribute } from '@/lib/cognito/admin';
import type { Result } from '@/lib/cognito/shared';
import type { Env } from '@/lib/runtime/env';
import { parseNotes, serialiseNotes, type PasskeyNotes } from './notes';

/** What the pool does not keep about the account's passkeys (decision 049). */
export async function readPasskeyNotes(env: Env, username: string): Promise<Result<PasskeyNotes>> {
  const records = await readRecordAttributes(env, username);
  return records.ok ? { ok: true, value: parseNotes(records.value.passkeys) } : records;
}

export function writePasskeyNotes(
  env: Env,
  username: string,
  notes: PasskeyNotes,
): Promise<Result<void>> {
  return writeRecordAttribute(env, username, 'passkeys', serialiseNotes(notes));
}
