/** Fixed facts about the local user pool (docs/architecture.md §4). */
import {
  ACTIVITY_ATTRIBUTE,
  CHANNEL_ATTRIBUTE,
  LOCAL_STACK,
  PASSKEYS_ATTRIBUTE,
  RECOVERY_ATTRIBUTE,
} from '../../contract/local-stack';

export { ACTIVITY_ATTRIBUTE, CHANNEL_ATTRIBUTE, PASSKEYS_ATTRIBUTE, RECOVERY_ATTRIBUTE };
export const REGION = LOCAL_STACK.region;
export const POOL_ID = LOCAL_STACK.poolId;
/** What SRP binds a password to: the pool id after its region ("us-east-1_AbC" → "AbC"). */
export const POOL_NAME = POOL_ID.slice(POOL_ID.indexOf('_') + 1);
export const CLIENT_ID = LOCAL_STACK.clientId;
export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const SIGNUP_CODE_TTL_MS = 24 * HOUR;
export const OTHER_CODE_TTL_MS = HOUR;
export const MAX_CODE_ATTEMPTS = 5;
export const SESSION_TTL_MS = 3 * MINUTE;
export const MAX_SESSION_ATTEMPTS = 5;
/** A sign-in code (EMAIL_OTP) lives as long as the session it was sent for. */
export const SIGN_IN_CODE_TTL_MS = SESSION_TTL_MS;
/** Cognito: "Each user can register up to 20 passkeys." */
export const MAX_PASSKEYS = 20;
/** The `timeout` hints Cognito puts in passkey options (ms): creation 1 minute, sign-in 3. */
export const WEBAUTHN_CREATE_TIMEOUT_MS = MINUTE;
export const WEBAUTHN_GET_TIMEOUT_MS = SESSION_TTL_MS;
/** How long a StartWebAuthnRegistration challenge can be completed (not documented; a choice). */
export const WEBAUTHN_REGISTRATION_TTL_MS = 5 * MINUTE;
export const TEMP_PASSWORD_TTL_MS = 7 * 24 * HOUR;

/** Cognito locks a user for 1 s after 5 failures and doubles per further failure, up to
 * about 15 minutes (the cap is a setting: IDENTITY_LOCKOUT_MAX_SECONDS). */
export const LOCKOUT_THRESHOLD = 5;
export const FAILURE_MEMORY_MS = 15 * MINUTE;

export const MAX_BODY_BYTES = 256 * 1024;
export const OUTBOX_LIMIT = 200;

/** The hosted OAuth endpoints (/oauth2/*): what the app client may ask for. */
export const OAUTH_SCOPES = ['openid', 'email', 'profile', 'phone', ACCESS_SCOPE] as const;
/** "The authorization code is valid for five minutes" (Cognito, token endpoint). */
export const AUTHORIZATION_CODE_TTL_MS = 5 * MINUTE;
/** How long the local Google stand-in's page can be answered (a local choice). */
export const PENDING_AUTHORIZATION_TTL_MS = 15 * MINUTE;
