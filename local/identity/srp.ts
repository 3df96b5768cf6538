import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  claimSignature,
  DAYS,
  derivedKey,
  g,
  k,
  modPow,
  MONTHS,
  N,
  padHex,
  scrambler,
  secretExponent,
  srpTimestamp,
} from '../../contract/srp';

export { N, padHex };

/**
 * The server side of Cognito's SRP-6a, for passwords (USER_SRP_AUTH, then PASSWORD_VERIFIER) and
 * remembered devices (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER), on the arithmetic both
 * sides share (contract/srp.ts). Tested against the client in Cognito's
 * own JavaScript SDK (srp.test.ts) and run by AWS Amplify's client (amplify.test.ts).
 */

/**
 * A verifier g^x, x = H(salt | H(prefix + name + ':' + secret)): the device group key, device key
 * and device secret a client registers, or the pool's name, the user's internal name and the
 * password this pool keeps the verifier of.
 */
export function verifierFor(prefix: string, name: string, secret: string, saltHex: string) {
  return modPow(g, secretExponent(prefix, name, secret, saltHex), N);
}

/**
 * What this pool keeps of a password for SRP sign-in: a fresh salt and the verifier (hex). A real
 * pool keeps the same when the password is set; the password itself is never needed again here.
 */
export function passwordVerifier(poolName: string, userId: string, password: string) {
  const salt = padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
  return { salt, verifier: verifierFor(poolName, userId, password, salt).toString(16) };
}

/** The server's half of one exchange: its secret b and public B for the verifier v. */
export function serverEphemeral(verifier: bigint): { b: bigint; B: bigint } {
  for (;;) {
    const b = BigInt(`0x${randomBytes(128).toString('hex')}`) % N;
    const B = (k * verifier + modPow(g, b, N)) % N;
    if (b > 0n && B !== 0n) return { b, B };
  }
}

/** The key both sides derive: S = (A · v^u)^b, u = H(A | B). Undefined for an A or u of zero. */
export function sessionKey(A: bigint, B: bigint, b: bigint, verifier: bigint): Buffer | undefined {
  if (A % N === 0n) return undefined;
  const u = scrambler(A, B);
  if (u === 0n) return undefined;
  return derivedKey(modPow(A * modPow(verifier, u, N), b, N), u);
}

/** What the client signs: the group and device keys (or pool name and user), the secret block and its timestamp. */
export const expectedSignature = claimSignature;

export function signatureMatches(expected: Buffer, given: string): boolean {
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The instant of a client's TIMESTAMP ("Tue Nov 3 09:05:07 UTC 2026", the day not zero-padded),
 * or undefined when it is not one.
 */
export function parseTimestamp(value: string): number | undefined {
  const m = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!m) return undefined;
  const [, day, month, date, hh, mm, ss, year] = m;
  const monthIndex = (MONTHS as readonly string[]).indexOf(month!);
  if (monthIndex < 0 || !(DAYS as readonly string[]).includes(day!)) return undefined;
  const at = Date.UTC(Number(year), monthIndex, Number(date), Number(hh), Number(mm), Number(ss));
  const d = new Date(at);
  if (Number.isNaN(at) || d.getUTCDate() !== Number(date) || DAYS[d.getUTCDay()] !== day)
    return undefined;
  return at;
}

/**
 * A client's half of one password exchange, for the local stack's own tests and tools (the stack
 * never imports the product): SRP_A, then the signed answer to PASSWORD_VERIFIER. srp.test.ts
 * checks it against the client in Cognito's own JavaScript SDK.
 */
export function passwordClient(poolName: string, password: string) {
  let a = 0n;
  let A = 0n;
  while (A === 0n) {
    a = BigInt(`0x${randomBytes(128).toString('hex')}`);
    A = modPow(g, a, N);
  }
  return {
    srpA: A.toString(16),
    answer(parameters: Record<string, string | undefined>, at = new Date()) {
      const { SRP_B = '', SALT = '', SECRET_BLOCK = '', USER_ID_FOR_SRP: userId = '' } = parameters;
      const B = BigInt(`0x${SRP_B}`);
      const x = secretExponent(poolName, userId, password, SALT);
      const u = scrambler(A, B);
      const key = derivedKey(modPow(B - k * modPow(g, x, N), a + u * x, N), u);
      const timestamp = srpTimestamp(at);
      const signature = expectedSignature(key, poolName, userId, SECRET_BLOCK, timestamp);
      return { userId, timestamp, signature: signature.toString('base64') };
    },
  };
}
