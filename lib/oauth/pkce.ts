import { calculatePKCECodeChallenge } from 'oauth4webapi';

/**
 * The random strings of the hosted sign-in (docs/product.md §9): OAuth state of 32 characters and
 * a PKCE code verifier of 128, both from RFC 7636's unreserved alphabet. The challenge sent to
 * /oauth2/authorize is S256 of the verifier (RFC 7636 §4.2).
 */
export const STATE_LENGTH = 32;
export const VERIFIER_LENGTH = 128;

/** RFC 7636 §4.1: ALPHA / DIGIT / "-" / "." / "_" / "~". */
export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * `length` characters drawn uniformly from the unreserved alphabet. 66 symbols do not divide 256,
 * so bytes at or above the largest multiple of 66 are dropped rather than folded (no bias).
 */
export function randomUnreserved(length: number): string {
  const limit = 256 - (256 % UNRESERVED.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(Math.min(length * 2, 1024)))) {
      if (byte >= limit) continue;
      out += UNRESERVED[byte % UNRESERVED.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const createState = () => randomUnreserved(STATE_LENGTH);
export const createVerifier = () => randomUnreserved(VERIFIER_LENGTH);

/** BASE64URL(SHA256(ASCII(verifier))), without padding. */
export const challengeFor = (verifier: string) => calculatePKCECodeChallenge(verifier);

/** A state as this product makes it: what the callback's `state` must look like before any lookup. */
export const isWellFormedState = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^[A-Za-z0-9._~-]{${STATE_LENGTH}}$`).test(value);
