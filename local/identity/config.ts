/** Fixed facts about the local user pool (docs/architecture.md §4). */
import { CHANNEL_ATTRIBUTE, LOCAL_STACK } from '../../contract/local-stack';

export { CHANNEL_ATTRIBUTE };
export const REGION = LOCAL_STACK.region;
export const POOL_ID = LOCAL_STACK.poolId;
export const CLIENT_ID = LOCAL_STACK.clientId;
export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';

export const DEFAULT_TOKEN_TTL = { access: 3600, id: 3600, refresh: 30 * 24 * 3600 } as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const SIGNUP_CODE_TTL_MS = 24 * HOUR;
export const OTHER_CODE_TTL_MS = HOUR;
export const MAX_CODE_ATTEMPTS = 5;
export const SESSION_TTL_MS = 3 * MINUTE;
export const MAX_SESSION_ATTEMPTS = 5;
export const TEMP_PASSWORD_TTL_MS = 7 * 24 * HOUR;

/** Cognito locks a user for 1 s after 5 failures and doubles per further failure, up to
 * about 15 minutes (the cap is a setting: IDENTITY_LOCKOUT_MAX_SECONDS). */
export const LOCKOUT_THRESHOLD = 5;
export const FAILURE_MEMORY_MS = 15 * MINUTE;

export const MAX_BODY_BYTES = 256 * 1024;
export const OUTBOX_LIMIT = 200;
