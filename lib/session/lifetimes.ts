export const DEFAULT_SESSION_IDLE_S = 30 * 60;
export const DEFAULT_SESSION_MAX_S = 12 * 60 * 60;
export const SESSION_TTL_S = 30 * 24 * 60 * 60;
export const SEEN_GRANULARITY_S = 60;
/** A signed-out visit's page is kept this long for the sign-in that follows (decision 047). */
export const RETURN_TTL_S = 30 * 60;
