import { createHash } from 'node:crypto';

/** Numeric, as iron-session reads its password ids as numbers. */
export function secretId(secret: string): string {
  const digest = createHash('sha256').update(secret).digest('hex');
  return String(1_000_000 + parseInt(digest.slice(0, 12), 16));
}
