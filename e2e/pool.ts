/**
 * The local pool's settings for an e2e run (E2E_POOL), as environment for the local identity
 * service (local/identity/settings.ts):
 * - `default`: the pool `npm start` runs, the production template's (infra/user-pool.yaml), its app
 *   client confidential (SECRET_HASH on every public call, over the pool's username): user existence errors prevented (ENABLED), refresh tokens rotated,
 *   Cognito's code-request quota (5 per user, operation and hour), devices remembered on opt-in;
 * - `console`: IDENTITY_PRESET=console, an app client as the console makes one today, strict: a
 *   client secret, user context (the person's address) propagated, refresh tokens rotated with no
 *   grace period, the last three passwords remembered, no device tracking and no threat protection;
 *   the rest is the template's (its read attributes, recovery setting and lifetimes), stricter
 *   than a console default where they differ;
 * - `lenient`: IDENTITY_PRESET=lenient: unknown users named (LEGACY), no rotation, no quota.
 * Tests read `POOL` where a configuration changes what a creator sees.
 */
import { settingsFromEnv } from '../local/identity/settings';

const PROFILES = {
  default: {},
  console: { IDENTITY_PRESET: 'console' },
  lenient: { IDENTITY_PRESET: 'lenient' },
} as const satisfies Record<string, Record<string, string>>;

type ProfileName = keyof typeof PROFILES;

function profileName(raw: string | undefined): ProfileName {
  const name = raw?.trim() || 'default';
  if (!(name in PROFILES))
    throw new Error(`E2E_POOL must be one of ${Object.keys(PROFILES).join(', ')}, got "${name}"`);
  return name as ProfileName;
}

const name = profileName(process.env.E2E_POOL);
const env: Record<string, string> = PROFILES[name];
// What the identity service makes of that environment, so a default never drifts from the pool's.
const settings = settingsFromEnv(env);

export const POOL = {
  name,
  /** What the identity service is started with. */
  env,
  clientSecret: settings.clientSecret,
  hidesUnknownUsers: settings.preventUserExistenceErrors === 'ENABLED',
  rotatesRefreshTokens: settings.refreshTokenRotation,
  passwordHistory: settings.passwordHistorySize,
  tracksDevices: settings.deviceTracking !== 'off',
  propagatesUserContext: settings.propagateUserContext,
  recordsSignIns: settings.threatProtection !== 'off',
  codeRequestsPerHour: settings.codeRequestsPerHour,
  /** A passkey that verified its owner stands for two-step (decision 056). */
  passkeysStandForTwoStep:
    settings.webAuthnFactorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION',
};
