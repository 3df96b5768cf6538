/**
 * The local pool's settings, as a real pool's console offers them. Each comes from an environment
 * variable of the local stack (`settingsFromEnv`) or from the server's options (tests). Every
 * default keeps the behaviour the product was built against; local/identity/README.md says what a
 * new pool made in the console would have instead.
 */

export type ExistenceErrors = 'ENABLED' | 'LEGACY';

export interface PoolSettings {
  /** IDENTITY_CLIENT_SECRET: set, the app client is confidential (SECRET_HASH required). */
  clientSecret?: string;
  /** IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: ENABLED hides unknown users everywhere. */
  preventUserExistenceErrors: ExistenceErrors;
  /** IDENTITY_CODE_REQUESTS_PER_HOUR: code requests per user, operation and hour; 0 = no limit. */
  codeRequestsPerHour: number;
  /** IDENTITY_LOCKOUT_MAX_SECONDS: the longest sign-in lockout (Cognito: about 15 minutes). */
  lockoutMaxSeconds: number;
  /** IDENTITY_REFRESH_TOKEN_ROTATION=on: GetTokensFromRefreshToken hands out a new refresh token. */
  refreshTokenRotation: boolean;
  /** IDENTITY_REFRESH_TOKEN_GRACE_SECONDS (0-60): how long a rotated-out refresh token still works. */
  refreshTokenGraceSeconds: number;
  /** IDENTITY_PASSWORD_HISTORY_SIZE (0-24): how many recent passwords may not be set again. */
  passwordHistorySize: number;
  /** IDENTITY_KEEP_ORIGINAL_PHONE=on: a new phone number stays pending until it is verified. */
  keepOriginalPhone: boolean;
}

export const DEFAULT_SETTINGS: Readonly<PoolSettings> = {
  preventUserExistenceErrors: 'LEGACY',
  codeRequestsPerHour: 0,
  lockoutMaxSeconds: 15 * 60,
  refreshTokenRotation: false,
  refreshTokenGraceSeconds: 0,
  passwordHistorySize: 0,
  keepOriginalPhone: false,
};

export function resolveSettings(partial: Partial<PoolSettings> = {}): PoolSettings {
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, value]) => value !== undefined),
  ) as Partial<PoolSettings>;
  const settings = { ...DEFAULT_SETTINGS, ...defined };
  if (settings.clientSecret === '') delete settings.clientSecret;
  const range = (name: keyof PoolSettings, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  };
  range('codeRequestsPerHour', settings.codeRequestsPerHour, 0, 1000);
  range('lockoutMaxSeconds', settings.lockoutMaxSeconds, 1, 24 * 3600);
  range('refreshTokenGraceSeconds', settings.refreshTokenGraceSeconds, 0, 60);
  range('passwordHistorySize', settings.passwordHistorySize, 0, 24);
  return settings;
}

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function onOff(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return undefined;
  if (raw === 'on' || raw === 'true' || raw === '1') return true;
  if (raw === 'off' || raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be on or off, got "${env[name] ?? ''}"`);
}

/** The settings named by the local stack's environment; throws naming the variable that is wrong. */
export function settingsFromEnv(env: Env = process.env): PoolSettings {
  const existence = env.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS?.trim().toUpperCase();
  if (existence && existence !== 'ENABLED' && existence !== 'LEGACY') {
    throw new Error(
      `IDENTITY_PREVENT_USER_EXISTENCE_ERRORS must be ENABLED or LEGACY, got "${existence}"`,
    );
  }
  return resolveSettings({
    clientSecret: env.IDENTITY_CLIENT_SECRET?.trim() || undefined,
    preventUserExistenceErrors: (existence || undefined) as ExistenceErrors | undefined,
    codeRequestsPerHour: whole(env, 'IDENTITY_CODE_REQUESTS_PER_HOUR', 0, 1000),
    lockoutMaxSeconds: whole(env, 'IDENTITY_LOCKOUT_MAX_SECONDS', 1, 24 * 3600),
    refreshTokenRotation: onOff(env, 'IDENTITY_REFRESH_TOKEN_ROTATION'),
    refreshTokenGraceSeconds: whole(env, 'IDENTITY_REFRESH_TOKEN_GRACE_SECONDS', 0, 60),
    passwordHistorySize: whole(env, 'IDENTITY_PASSWORD_HISTORY_SIZE', 0, 24),
    keepOriginalPhone: onOff(env, 'IDENTITY_KEEP_ORIGINAL_PHONE'),
  });
}
