/**
 * The local pool's settings for an e2e run (E2E_POOL), as environment for the local identity
 * service (local/identity/settings.ts):
 * - `default`: the pool `npm start` runs: a public app client, unknown users named (LEGACY), no
 *   refresh-token rotation;
 * - `console`: an app client as the console makes one today, strict: a client secret, user
 *   existence errors prevented (ENABLED), user context (the person's address) propagated,
 *   refresh tokens rotated with no grace period, the
 *   last three passwords remembered, Cognito's code-request quota (5 per user, operation and
 *   hour), no device tracking and no threat protection.
 * Tests read `POOL` where a configuration changes what a creator sees.
 */
const PROFILES = {
  default: {},
  console: {
    IDENTITY_CLIENT_SECRET: 'local-confidential-client-secret',
    IDENTITY_PROPAGATE_USER_CONTEXT: 'on',
    IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED',
    IDENTITY_REFRESH_TOKEN_ROTATION: 'on',
    IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '0',
    IDENTITY_PASSWORD_HISTORY_SIZE: '3',
    IDENTITY_CODE_REQUESTS_PER_HOUR: '5',
    IDENTITY_DEVICE_TRACKING: 'off',
    IDENTITY_THREAT_PROTECTION: 'off',
  },
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

export const POOL = {
  name,
  /** What the identity service is started with. */
  env,
  clientSecret: env.IDENTITY_CLIENT_SECRET as string | undefined,
  hidesUnknownUsers: env.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED',
  rotatesRefreshTokens: env.IDENTITY_REFRESH_TOKEN_ROTATION === 'on',
  passwordHistory: Number(env.IDENTITY_PASSWORD_HISTORY_SIZE ?? 0),
  tracksDevices: env.IDENTITY_DEVICE_TRACKING !== 'off',
  propagatesUserContext: env.IDENTITY_PROPAGATE_USER_CONTEXT === 'on',
  recordsSignIns: env.IDENTITY_THREAT_PROTECTION !== 'off',
};
