import { createHash, createHmac } from 'node:crypto';

/**
 * The arithmetic both sides of Cognito's SRP-6a share: RFC 5054's 3072-bit group (RFC 3526 group
 * 15) with g = 2, SHA-256, hex padded the way Cognito's client libraries pad it, the secret's
 * exponent, the session key's HKDF ("Caldera Derived Key", 16 bytes) and the TIMESTAMP format.
 * The product's client (lib/cognito/srp.ts) and the local pool's server (local/identity/srp.ts)
 * both build on it; each is checked against `AuthenticationHelper` from Cognito's own JavaScript
 * SDK in its srp.test.ts.
 */

export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
export const g = 2n;

/** A positive number as even-length hex, with a leading 00 where the top bit is set (Cognito's padHex). */
export function padHex(value: bigint): string {
  const hex = value.toString(16);
  if (hex.length % 2 === 1) return `0${hex}`;
  return '89abcdef'.includes(hex[0]!) ? `00${hex}` : hex;
}

/** SHA-256 of the bytes a hex string spells, as hex. */
export const hexHash = (hex: string) =>
  createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

export const big = (hex: string) => BigInt(`0x${hex}`);

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

/** SRP-6a's multiplier k = H(N | g). */
export const k = big(hexHash(padHex(N) + padHex(g)));

/** u = H(A | B). */
export const scrambler = (A: bigint, B: bigint) => big(hexHash(padHex(A) + padHex(B)));

/**
 * x = H(salt | H(prefix + name + ':' + secret)), the secret's exponent: the pool's name, the
 * user's USER_ID_FOR_SRP and the password, or the device group key, device key and device secret.
 */
export function secretExponent(prefix: string, name: string, secret: string, saltHex: string) {
  const inner = createHash('sha256').update(`${prefix}${name}:${secret}`).digest('hex');
  return big(hexHash(padHex(big(saltHex)) + inner));
}

/** The session key from the shared S and u: HKDF-SHA256, info "Caldera Derived Key", 16 bytes. */
export function derivedKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The claim both sides sign: HMAC(key, prefix | name | secret block | timestamp). */
export function claimSignature(
  key: Buffer,
  prefix: string,
  name: string,
  secretBlock: string,
  timestamp: string,
): Buffer {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(prefix, 'utf8'),
        Buffer.from(name, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest();
}

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const two = (n: number) => String(n).padStart(2, '0');

/** The TIMESTAMP the clients sign: "Tue Nov 3 09:05:07 UTC 2026" (the day not zero-padded). */
export function srpTimestamp(at = new Date()): string {
  return `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${two(
    at.getUTCHours(),
  )}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} UTC ${at.getUTCFullYear()}`;
}
