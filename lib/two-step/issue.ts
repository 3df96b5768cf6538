import 'server-only';
import { writeRecovery } from './store';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { makeRecoveryCodes } from './recovery';

/**
 * New recovery codes replace the account's old ones; the codes go to the person once and are never
 * kept or logged (decision 046). Undefined when they could not be stored: the profile offers them
 * again.
 */
export async function issueRecoveryCodes(
  sub: string,
  event: string,
): Promise<string[] | undefined> {
  const { codes, record } = await makeRecoveryCodes();
  const stored = await writeRecovery(getEnv(), sub, record);
  if (!stored.ok) {
    log.error(`${event}.recovery_codes_failed`, { reason: stored.failure.name });
    return undefined;
  }
  log.info(`${event}.recovery_codes_made`);
  return codes;
}
