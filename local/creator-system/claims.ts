/** Who signs embed tokens and who accepts them; verification insists on both. */
export const EMBED_ISSUER = 'local-creator-system';
export const EMBED_AUDIENCE = 'local-analytics-embed';
