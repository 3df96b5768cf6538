import 'server-only';
import { readRecordAttributes, writeRecordAttribute } from '@/lib/cognito/admin';
import type { Result } from '@/lib/cognito/shared';
import type { Env } from '@/lib/runtime/env';
import { parseRecord, serialiseRecord, type RecoveryRecord } from './recovery';

/** The account's recovery codes (decision 046); `null` for none, or a record that cannot be read. */
export async function readRecovery(
  env: Env,
  username: string,
): Promise<Result<RecoveryRecord | null>> {
  const records = await readRecordAttributes(env, username);
  return records.ok ? { ok: true, value: parseRecord(records.value.recovery) } : records;
}

/** Writes the record, or removes it (`null`). */
export function writeRecovery(
  env: Env,
  username: string,
  record: RecoveryRecord | null,
): Promise<Result<void>> {
  return writeRecordAttribute(env, username, 'recovery', record ? serialiseRecord(record) : '');
}
