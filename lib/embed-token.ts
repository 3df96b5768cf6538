/** What GET /api/embed-token answers; shared by the route and the frame that calls it. */

export type EmbedTokenAnswer = {
  token: string;
  /** Seconds the token stays valid, counted from the answer (so the browser's clock never matters). */
  expiresIn: number;
};

/**
 * Failures, as codes the frame maps to the modals of docs/product.md §8.5 (never raw text):
 * - unauthenticated: the session has ended (401)
 * - no_channel: the account has no creator channel id (403); the person is signed out
 * - creator_unavailable: the creator system failed or timed out (503)
 * - system_error: anything else (500)
 */
export type EmbedTokenError =
  'unauthenticated' | 'no_channel' | 'creator_unavailable' | 'system_error';

/**
 * A failure's body. Why a session ended is not part of it: that waits in a cookie for /login
 * (docs/decisions/011-why-a-session-ended.md).
 */
export type EmbedTokenFailure = { error: EmbedTokenError };

export const EMBED_TOKEN_ERRORS: readonly EmbedTokenError[] = [
  'unauthenticated',
  'no_channel',
  'creator_unavailable',
  'system_error',
];

/** Without an expiry we can read, assume a short life so a stale token is never reused. */
export const FALLBACK_TTL_S = 120;
