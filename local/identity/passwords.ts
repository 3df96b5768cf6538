import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { invalidPassword } from './errors';

/** The symbols Cognito's password policy counts as "special characters". */
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

/** Cognito's default policy: 8+ characters with upper, lower, digit and symbol; its own messages. */
export function checkPasswordPolicy(password: string): void {
  const fail = (why: string) => invalidPassword(`Password did not conform with policy: ${why}`);
  if (password.length < 8) throw fail('Password not long enough');
  if (!/[a-z]/.test(password)) throw fail('Password must have lowercase characters');
  if (!/[A-Z]/.test(password)) throw fail('Password must have uppercase characters');
  if (!/[0-9]/.test(password)) throw fail('Password must have numeric characters');
  if (![...password].some((ch) => SYMBOLS.has(ch)))
    throw fail('Password must have symbol characters');
}

/**
 * scrypt cost. 2^12 (4 MiB, ~6 ms here) keeps sign-in fast for a local, test-data-only pool;
 * the cost is recorded in every hash, so raising it later keeps old hashes valid.
 */
export const DEFAULT_SCRYPT_LOG_N = 12;

function derive(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      32,
      { N: 2 ** logN, r: 8, p: 1, maxmem: 256 * 2 ** logN * 8 + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

/** `scrypt$<logN>$<salt>$<hash>` (base64url parts). */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN);
  return `scrypt$${logN}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(logN));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A temporary password that satisfies the policy (one of each class, then random). */
export function generateTemporaryPassword(): string {
  const classes = [
    'ABCDEFGHJKLMNPQRSTUVWXYZ',
    'abcdefghijkmnopqrstuvwxyz',
    '23456789',
    '!#%&*+=?@^',
  ];
  const all = classes.join('');
  const chars = classes.map((set) => set.charAt(randomInt(set.length)));
  while (chars.length < 12) chars.push(all.charAt(randomInt(all.length)));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
