import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  big,
  claimSignature,
  derivedKey,
  g,
  k,
  modPow,
  N,
  padHex,
  scrambler,
  secretExponent,
  srpTimestamp,
} from '@/contract/srp';

export { padHex, secretExponent, srpTimestamp };

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
 * srp.test.ts checks each value against that helper, for passwords and devices. The arithmetic
 * the pool's side shares with it is in contract/srp.ts.
 */

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

/** The session key for the pool's B and salt: S = (B - k·g^x)^(a + u·x), u = H(A | B). */
export function sessionKey(a: bigint, A: bigint, B: bigint, x: bigint): Buffer | undefined {
  if (B % N === 0n) return undefined;
  const u = scrambler(A, B);
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
      const signature = claimSignature(key, prefix, name, SECRET_BLOCK, timestamp).toString(
        'base64',
      );
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
