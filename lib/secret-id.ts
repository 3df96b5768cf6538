import { createHash } from 'node:crypto';

/**
 * A session secret's own id: numeric (iron-session's ids are), from the secret's hash, so the same
 * on every instance and whatever the secret's place in SESSION_SECRET (lib/env.ts).
 */
export function secretId(secret: string): string {
  const digest = createHash('sha256').update(secret).digest('hex');
  return String(1_000_000 + parseInt(digest.slice(0, 12), 16));
}
