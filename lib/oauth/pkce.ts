import { calculatePKCECodeChallenge } from 'oauth4webapi';

// Lengths: docs/product.md §9.4; the challenge is S256 of the verifier (RFC 7636 §4.2).
export const STATE_LENGTH = 32;
export const VERIFIER_LENGTH = 128;

export const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** 66 symbols do not divide 256: bytes at or above the last multiple are dropped, not folded. */
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

export const challengeFor = (verifier: string) => calculatePKCECodeChallenge(verifier);

export const isWellFormedState = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^[A-Za-z0-9._~-]{${STATE_LENGTH}}$`).test(value);
