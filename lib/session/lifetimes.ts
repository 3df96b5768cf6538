/**
 * Session lifetimes (ASVS 3.3.2 level 2): a session ends after SESSION_IDLE_TIMEOUT seconds
 * without a request, and SESSION_MAX_AGE seconds after its sign-in however active it is; a new
 * sign-in starts a new one. Both sit inside the pool's refresh-token lifetime (30 days by
 * default), so the app, not the token, decides when a person signs in again.
 */
export const DEFAULT_SESSION_IDLE_S = 30 * 60;
export const DEFAULT_SESSION_MAX_S = 12 * 60 * 60;
/** The seal's own limit: no session cookie outlives the longest lifetime that can be set. */
export const SESSION_TTL_S = 30 * 24 * 60 * 60;
/** How often the guard records activity: a session seen within this is not rewritten. */
export const SEEN_GRANULARITY_S = 60;
