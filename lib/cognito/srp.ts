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

// Cognito's SRP, client side (decisions 034, 016). Row i holds g^(j·16^i), j < 16, so g^e costs
// one product per non-zero hex digit of e. Rows grow to 256 at most: every exponent is our own.
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

export type DeviceVerifier = { secret: string; salt: string; verifier: string };

export function verifierFor(groupKey: string, deviceKey: string, secret: string, salt: string) {
  return padHex(powerOfG(secretExponent(groupKey, deviceKey, secret, salt)));
}

export const newDeviceSecret = () => randomBytes(40).toString('base64');

/** A new device secret (kept in the browser's device cookie) and its verifier for the pool. */
export async function deviceVerifier(
  groupKey: string,
  deviceKey: string,
  secret = newDeviceSecret(),
): Promise<DeviceVerifier> {
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

type VerifierParameters = Record<string, string | undefined>;

// `prefix`, `name`: the pool's name and USER_ID_FOR_SRP for a password; group and device key.
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

/** Signed for the USER_ID_FOR_SRP the pool names (the internal name, not the email typed). */
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
