import 'server-only';
import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The client side of Cognito's SRP: the password sign-in (USER_SRP_AUTH, then PASSWORD_VERIFIER),
 * the verifier a device is confirmed with, and the proof a remembered device signs in with
 * (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER). A device's secret is random; only its verifier
 * leaves this server, and a password only as a proof (docs/decisions/034-sign-in-by-srp.md).
 *
 * The same computation as the client in Cognito's own JavaScript SDK (`AuthenticationHelper` in
 * amazon-cognito-identity-js), on the runtime's native big integers: that helper computes a
 * throw-away 1024-bit exponentiation in its constructor and takes about 260 ms of CPU per new
 * device and 490 ms per proof on this machine, against some 1 and 22 ms here, and every first
 * sign-in on a browser confirms a device (docs/decisions/016-remembered-devices.md).
 * srp.test.ts checks each value against that helper, for passwords and devices.
 */

/** RFC 5054's 3072-bit group (RFC 3526 group 15), g = 2: the group Cognito's SRP uses. */
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

/** Even-length hex, with 00 in front where the top bit is set (the clients' padHex). */
export function padHex(value: bigint): string {
  const hex = value.toString(16);
  if (hex.length % 2 === 1) return `0${hex}`;
  return '89abcdef'.includes(hex[0]!) ? `00${hex}` : hex;
}

const hexHash = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
const big = (hex: string) => BigInt(`0x${hex}`);

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
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

/**
 * g^e mod N from a table: row i holds g^(j·16^i) for j = 0..15, so g^e is one product per
 * non-zero hex digit of e, about a sixth of the squarings and products of modPow. Rows are built
 * as far as exponents have reached: a device proof's 1,024-bit exponent needs 256 rows (1.5 MB,
 * some 80 ms once per process), and every exponent raised here is this server's own (a hash, or
 * random). Measured on Node 24: a verifier 1.3 ms against 4.5, a proof 22 ms against 69.
 */
const powersOfG: bigint[][] = [];

function powersRow(i: number): bigint[] {
  while (powersOfG.length <= i) {
    const previous = powersOfG.at(-1);
    // The row's base: g, then g^(16^i) = (g^(15·16^(i-1))) · g^(16^(i-1)).
    const base = previous ? (previous[15]! * previous[1]!) % N : g;
    const row = [1n, base];
    for (let j = 2; j < 16; j++) row.push((row[j - 1]! * base) % N);
    powersOfG.push(row);
  }
  return powersOfG[i]!;
}

/** g^e mod N for e ≥ 0, the same value as modPow(g, e, N). */
export function powerOfG(exponent: bigint): bigint {
  if (exponent < 0n) throw new RangeError('a negative exponent');
  let result = 1n;
  let e = exponent;
  for (let i = 0; e > 0n; i++, e >>= 4n) {
    const digit = Number(e & 15n);
    if (digit !== 0) result = (result * powersRow(i)[digit]!) % N;
  }
  return result;
}

const k = big(hexHash(padHex(N) + padHex(g)));

/**
 * x = H(salt | H(prefix + name + ':' + secret)), the secret's exponent: the pool's name, the
 * user's USER_ID_FOR_SRP and the password, or the device group key, device key and device secret.
 */
export function secretExponent(prefix: string, name: string, secret: string, salt: string) {
  const inner = createHash('sha256').update(`${prefix}${name}:${secret}`).digest('hex');
  return big(hexHash(padHex(big(salt)) + inner));
}

/** What a new device is confirmed with (ConfirmDevice), and the secret this server keeps for it. */
export type DeviceVerifier = { secret: string; salt: string; verifier: string };

/** The verifier g^x (padded hex) of a device's secret and salt (hex). */
export function verifierFor(groupKey: string, deviceKey: string, secret: string, salt: string) {
  return padHex(powerOfG(secretExponent(groupKey, deviceKey, secret, salt)));
}

export async function deviceVerifier(groupKey: string, deviceKey: string): Promise<DeviceVerifier> {
  const secret = randomBytes(40).toString('base64');
  const salt = padHex(big(randomBytes(16).toString('hex')));
  return {
    secret,
    salt: Buffer.from(salt, 'hex').toString('base64'),
    verifier: Buffer.from(verifierFor(groupKey, deviceKey, secret, salt), 'hex').toString('base64'),
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/** The TIMESTAMP the clients sign: "Tue Nov 3 09:05:07 UTC 2026" (the day not zero-padded). */
export function srpTimestamp(at = new Date()): string {
  return `${DAYS[at.getUTCDay()]} ${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()} ${two(
    at.getUTCHours(),
  )}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} UTC ${at.getUTCFullYear()}`;
}

/** HKDF-SHA256 with Cognito's info "Caldera Derived Key", 16 bytes. */
function derivedKey(S: bigint, u: bigint): Buffer {
  const prk = createHmac('sha256', Buffer.from(padHex(u), 'hex'))
    .update(Buffer.from(padHex(S), 'hex'))
    .digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16);
}

/** The session key for the pool's B and salt: S = (B - k·g^x)^(a + u·x), u = H(A | B). */
export function sessionKey(a: bigint, A: bigint, B: bigint, x: bigint): Buffer | undefined {
  if (B % N === 0n) return undefined;
  const u = big(hexHash(padHex(A) + padHex(B)));
  if (u === 0n) return undefined;
  const S = modPow(B - k * powerOfG(x), a + u * x, N);
  return derivedKey(S, u);
}

/** The parameters of PASSWORD_VERIFIER and DEVICE_PASSWORD_VERIFIER this side signs. */
type VerifierParameters = Record<string, string | undefined>;

/**
 * One SRP exchange from the client side: A to send (SRP_A), then the signature over the pool's
 * secret block, with the key both sides derive from the secret, its salt and B. `prefix` and
 * `name` are what the secret is bound to: the pool's name and USER_ID_FOR_SRP for a password,
 * the device group key and the device key for a remembered device.
 */
function startExchange() {
  let a = 0n;
  let A = 0n;
  while (A === 0n) {
    a = big(randomBytes(128).toString('hex'));
    A = powerOfG(a);
  }
  return {
    srpA: A.toString(16),
    sign(prefix: string, name: string, secret: string, parameters: VerifierParameters) {
      const { SRP_B, SALT, SECRET_BLOCK } = parameters;
      if (!SRP_B || !SALT || !SECRET_BLOCK || !/^[0-9a-f]+$/i.test(SRP_B + SALT))
        throw new Error('a verifier challenge without SRP_B, SALT or SECRET_BLOCK');
      const x = secretExponent(prefix, name, secret, SALT);
      const key = sessionKey(a, A, big(SRP_B), x);
      if (!key) throw new Error('a verifier challenge with a B or u of zero');
      const timestamp = srpTimestamp();
      const signature = createHmac('sha256', key)
        .update(
          Buffer.concat([
            Buffer.from(prefix, 'utf8'),
            Buffer.from(name, 'utf8'),
            Buffer.from(SECRET_BLOCK, 'base64'),
            Buffer.from(timestamp, 'utf8'),
          ]),
        )
        .digest('base64');
      return { signature, timestamp };
    },
  };
}

/** One device sign-in: SRP_A for DEVICE_SRP_AUTH, then the answer to DEVICE_PASSWORD_VERIFIER. */
export type DeviceProof = {
  srpA: string;
  answer(parameters: VerifierParameters): Promise<{ signature: string; timestamp: string }>;
};

export async function startDeviceProof(device: {
  key: string;
  groupKey: string;
  secret: string;
}): Promise<DeviceProof> {
  const exchange = startExchange();
  return {
    srpA: exchange.srpA,
    answer: async (parameters) =>
      exchange.sign(device.groupKey, device.key, device.secret, parameters),
  };
}

/**
 * One password sign-in (USER_SRP_AUTH, or PASSWORD_SRP in choice-based sign-in): SRP_A for the
 * first call, then the answer to PASSWORD_VERIFIER, signed for the USER_ID_FOR_SRP the pool names
 * (the user's internal name, not the email typed). The password stays on this server.
 */
export type PasswordProof = {
  srpA: string;
  answer(parameters: VerifierParameters): { signature: string; timestamp: string; userId: string };
};

export function startPasswordProof(poolId: string, password: string): PasswordProof {
  // The pool's name is its id after the region: "us-east-1_AbC123" signs as "AbC123".
  const poolName = poolId.slice(poolId.indexOf('_') + 1);
  const exchange = startExchange();
  return {
    srpA: exchange.srpA,
    answer: (parameters) => {
      const userId = parameters.USER_ID_FOR_SRP;
      if (!userId) throw new Error('PASSWORD_VERIFIER without USER_ID_FOR_SRP');
      return { ...exchange.sign(poolName, userId, password, parameters), userId };
    },
  };
}
