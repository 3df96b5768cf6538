import 'server-only';
import {
  AdminSetUserMFAPreferenceCommand,
  GetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Env } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { TWO_STEP_METHODS, type TwoStepMethod } from '@/lib/validation/two-step-methods';
import { admin, adminGetUser } from './admin';
import { toAuthFailure } from './errors';
import type { Result } from './shared';

/** Two-step as the server sees and changes it with its own credentials (recovery, passkey MFA). */

const POOL_CONFIG_FOR_MS = 10 * 60_000;
let passkeyFactor: { counts: boolean; until: number } | undefined;

/**
 * Whether the pool counts a passkey that verified its owner as two-step
 * (GetUserPoolMfaConfig: WebAuthnConfiguration.FactorConfiguration
 * MULTI_FACTOR_WITH_USER_VERIFICATION). Asked once in 10 minutes; unanswered, false, not kept.
 */
export async function passkeysCountAsTwoStep(env: Env): Promise<boolean> {
  if (passkeyFactor && passkeyFactor.until > Date.now()) return passkeyFactor.counts;
  try {
    const out = await admin(env).send(
      new GetUserPoolMfaConfigCommand({ UserPoolId: env.COGNITO_USER_POOL_ID }),
    );
    const counts =
      out.WebAuthnConfiguration?.FactorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION';
    passkeyFactor = { counts, until: Date.now() + POOL_CONFIG_FOR_MS };
    return counts;
  } catch (error) {
    log.warn('pool.mfa_config_failed', { reason: (error as { name?: string })?.name });
    return false;
  }
}

/** Every two-step method off, for a creator who proved the password and a recovery code. */
export async function turnOffTwoStepFor(env: Env, username: string): Promise<Result<void>> {
  const passkeys = await passkeysCountAsTwoStep(env);
  try {
    await admin(env).send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        SMSMfaSettings: { Enabled: false, PreferredMfa: false },
        EmailMfaSettings: { Enabled: false, PreferredMfa: false },
        // Passkey MFA goes with the last other method (WebAuthnMfaSettingsType).
        ...(passkeys ? { WebAuthnMfaSettings: { Enabled: false } } : {}),
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'mfaMethodOff', env.SUPPORT_EMAIL) };
  }
}

export type AdminTwoStep = {
  methods: TwoStepMethod[];
  preferred?: TwoStepMethod;
  /** Where codes go: the verified phone number and the email (to show them masked). */
  phone?: string;
  email?: string;
  sub?: string;
};

const TWO_STEP_NAMES: readonly string[] = TWO_STEP_METHODS;
const isMethod = (m: string | undefined): m is TwoStepMethod =>
  m !== undefined && TWO_STEP_NAMES.includes(m);

/** The two-step methods an account has on, and the one Cognito asks for first. */
export async function twoStepOf(env: Env, username: string): Promise<Result<AdminTwoStep>> {
  try {
    const out = await adminGetUser(env, username);
    const preferred = out.PreferredMfaSetting;
    const read = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const phone = read('phone_number_verified') === 'true' ? read('phone_number') : undefined;
    const email = read('email');
    const sub = read('sub');
    return {
      ok: true,
      value: {
        methods: (out.UserMFASettingList ?? []).filter(isMethod),
        ...(isMethod(preferred) ? { preferred } : {}),
        ...(phone ? { phone } : {}),
        ...(email ? { email } : {}),
        ...(sub ? { sub } : {}),
      },
    };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL) };
  }
}

const SETTING_OF = {
  SOFTWARE_TOKEN_MFA: 'SoftwareTokenMfaSettings',
  SMS_MFA: 'SMSMfaSettings',
  EMAIL_OTP: 'EmailMfaSettings',
} as const;

/** Makes a method that is on the one Cognito asks for first. */
export async function preferTwoStepFor(
  env: Env,
  username: string,
  method: TwoStepMethod,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        [SETTING_OF[method]]: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'mfaMethod', env.SUPPORT_EMAIL) };
  }
}
