export type EmbedTokenAnswer = {
  token: string;
  /** Seconds from the answer, so the browser's clock never matters. */
  expiresIn: number;
};

export type EmbedTokenError =
  'unauthenticated' | 'no_channel' | 'creator_unavailable' | 'system_error';

export type EmbedTokenFailure = { error: EmbedTokenError };

export const EMBED_TOKEN_ERRORS: readonly EmbedTokenError[] = [
  'unauthenticated',
  'no_channel',
  'creator_unavailable',
  'system_error',
];

/**
 * How long the browser waits for a token: past the server's own worst case (the guard's refresh,
 * GetUser and the creator system's token, each within UPSTREAM_TIMEOUT_MS, at most 10 s), a
 * request with no answer is a lost connection.
 */
export const EMBED_TOKEN_WAIT_MS = 32_000;

/** Without a readable expiry, a short life, so a stale token is never reused. */
export const FALLBACK_TTL_S = 120;
