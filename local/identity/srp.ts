import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The server side of Cognito's SRP-6a, for passwords (USER_SRP_AUTH, then PASSWORD_VERIFIER) and
 * remembered devices (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER): RFC 5054's 3072-bit group,
 * g = 2, SHA-256, hex values padded the way Cognito's client libraries pad them, and the session
 * key derived with HKDF ("Caldera Derived Key", 16 bytes). Tested against the client in Cognito's
 * own JavaScript SDK (srp.test.ts) and run by AWS Amplify's client (amplify.test.ts).
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

const k = BigInt(`0x${hexHash(padHex(N) + padHex(g))}`);

/**
 * A verifier g^x, x = H(salt | H(prefix + name + ':' + secret)): the device group key, device key
 * and device secret a client registers, or the pool's name, the user's internal name and the
 * password this pool keeps the verifier of.
 */
export function verifierFor(prefix: string, name: string, secret: string, saltHex: string) {
  return modPow(g, secretExponent(prefix, name, secret, saltHex), N);
}

function secretExponent(prefix: string, name: string, secret: string, saltHex: string) {
  const inner = createHash('sha256').update(`${prefix}${name}:${secret}`).digest('hex');
  return BigInt(`0x${hexHash(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
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

function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** The key both sides derive: S = (A · v^u)^b, u = H(A | B). Undefined for an A or u of zero. */
export function sessionKey(A: bigint, B: bigint, b: bigint, verifier: bigint): Buffer | undefined {
  if (A % N === 0n) return undefined;
  const u = BigInt(`0x${hexHash(padHex(A) + padHex(B))}`);
  if (u === 0n) return undefined;
  const S = modPow(A * modPow(verifier, u, N), b, N);
  return hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

/** What the client signs: the group and device keys, the secret block and its timestamp. */
export function expectedSignature(
  key: Buffer,
  groupKey: string,
  deviceKey: string,
  secretBlock: string,
  timestamp: string,
): Buffer {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(groupKey, 'utf8'),
        Buffer.from(deviceKey, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest();
}

export function signatureMatches(expected: Buffer, given: string): boolean {
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The instant of a client's TIMESTAMP ("Tue Nov 3 09:05:07 UTC 2026", the day not zero-padded),
 * or undefined when it is not one.
 */
export function parseTimestamp(value: string): number | undefined {
  const m = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(value);
  if (!m) return undefined;
  const [, day, month, date, hh, mm, ss, year] = m;
  const monthIndex = MONTHS.indexOf(month!);
  if (monthIndex < 0 || !DAYS.includes(day!)) return undefined;
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
      const u = BigInt(`0x${hexHash(padHex(A) + padHex(B))}`);
      const S = modPow(B - k * modPow(g, x, N), a + u * x, N);
      const key = hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
      const two = (n: number) => String(n).padStart(2, '0');
      const timestamp = `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} UTC ${at.getUTCFullYear()}`;
      const signature = expectedSignature(key, poolName, userId, SECRET_BLOCK, timestamp);
      return { userId, timestamp, signature: signature.toString('base64') };
    },
  };
}
