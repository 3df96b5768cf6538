import 'server-only';
import { getMfaSettings, listPasskeys, setPasskeyMfa } from '@/lib/cognito';
import { passkeysCountAsTwoStep } from '@/lib/cognito/admin-two-step';
import { writeRecovery } from '@/lib/two-step/store';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';

/**
 * One story for passkeys and two-step: where the pool counts a passkey that verified its owner as
 * two-step (decision 056), Cognito's passkey MFA is on for an account while it has a passkey and a
 * two-step method, so the passkey signs a two-step creator in; with the last method it goes off,
 * and the recovery codes with it (decision 046). Called after each change to either. A failure is
 * logged: the change itself stands.
 */
export async function settleTwoStep(
  account: { sub: string; accessToken: string },
  change: 'passkey-added' | 'method-on' | 'method-off',
): Promise<void> {
  const env = getEnv();
  const settings = await getMfaSettings(account.accessToken);
  if (!settings.ok) {
    log.warn('two_step.settle_failed', { reason: settings.failure.name, change });
    return;
  }
  const methods = settings.value.methods.length;
  if (methods === 0) {
    if (change !== 'method-off') return;
    const cleared = await writeRecovery(env, account.sub, null);
    if (!cleared.ok)
      log.warn('profile.recovery_codes_clear_failed', { reason: cleared.failure.name });
    if (await passkeysCountAsTwoStep(env)) await passkeyMfa(account.accessToken, false);
    return;
  }
  if (change === 'method-off' || !(await passkeysCountAsTwoStep(env))) return;
  if (change === 'method-on') {
    const listed = await listPasskeys(account.accessToken);
    if (!listed.ok || listed.value.length === 0) return;
  }
  await passkeyMfa(account.accessToken, true);
}

async function passkeyMfa(accessToken: string, enabled: boolean) {
  const set = await setPasskeyMfa(accessToken, enabled);
  if (set.ok) log.info('two_step.passkey_mfa', { enabled });
  else log.warn('two_step.passkey_mfa_failed', { enabled, reason: set.failure.name });
}

/** Whether a passkey signs this creator in while two-step is on: the pool's part of it. */
export const passkeysSignInWithTwoStep = () => passkeysCountAsTwoStep(getEnv());
