import { decodeJwt } from 'jose';
import { FALLBACK_TTL_S } from '@/lib/dashboard/embed-token';

/** Seconds left on the token when it is a JWT with `exp`; the provider's format is not promised. */
export function secondsLeft(token: string, now = Date.now()): number {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') return Math.max(0, Math.min(3600, Math.floor(exp - now / 1000)));
  } catch {
    // not a JWT
  }
  return FALLBACK_TTL_S;
}
