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

/** Without a readable expiry, a short life, so a stale token is never reused. */
export const FALLBACK_TTL_S = 120;
