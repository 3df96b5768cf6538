/**
 * One-time recovery codes for two-step verification (decision 046). Cognito has none: the product
 * keeps their hashes in an admin-only attribute, and a code (with the password) turns two-step off.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

import { RECOVERY_CODE_COUNT } from './recovery-count';

export { RECOVERY_CODE_COUNT };
/** Crockford's base32: no I, L, O or U, so a code read aloud or off paper is typed right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_CHARS = 10; // 50 bits each
const HASH_BYTES = 16;
// About 16 MB and a few tens of milliseconds: one per attempt, ten when codes are made.
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export type RecoveryRecord = {
  v: 1;
  /** The salt, base64url. */
  s: string;
  /** The unspent codes' hashes, base64url. */
  h: string[];
  /** When the codes were made, seconds since the epoch. */
  at: number;
};

/** XXXXX-XXXXX, as shown and downloaded. */
function newCode(): string {
  const bytes = randomBytes(CODE_CHARS);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** What a person typed, as the code it stands for; null when it cannot be one. */
export function normaliseCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== CODE_CHARS) return null;
  for (const c of plain) if (!ALPHABET.includes(c)) return null;
  return plain;
}

async function hash(code: string, salt: Buffer): Promise<Buffer> {
  return scrypt(code, salt, HASH_BYTES, SCRYPT);
}

/** New codes and the record that checks them; the codes themselves are shown once, never kept. */
export async function makeRecoveryCodes(
  now = Date.now(),
): Promise<{ codes: string[]; record: RecoveryRecord }> {
  const salt = randomBytes(16);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((c) => hash(normaliseCode(c)!, salt)));
  return {
    codes,
    record: {
      v: 1,
      s: salt.toString('base64url'),
      h: hashes.map((h) => h.toString('base64url')),
      at: Math.floor(now / 1000),
    },
  };
}

/**
 * The attribute's MaxLength in infra/user-pool.yaml (bytes): a record is ASCII of a fixed shape,
 * about 560 bytes (infra/template.test.ts measures one against it).
 */
export const RECOVERY_MAX_BYTES = 2048;

export function serialiseRecord(record: RecoveryRecord): string {
  return JSON.stringify(record);
}

export function parseRecord(raw: string | undefined): RecoveryRecord | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as Partial<RecoveryRecord>;
    if (
      r.v !== 1 ||
      typeof r.s !== 'string' ||
      !Array.isArray(r.h) ||
      !r.h.every((h) => typeof h === 'string') ||
      typeof r.at !== 'number'
    )
      return null;
    return { v: 1, s: r.s, h: r.h, at: r.at };
  } catch {
    return null;
  }
}

/** The record without the code typed, or null when the code is not one of its unspent codes. */
export async function spendCode(
  record: RecoveryRecord,
  typed: string,
): Promise<RecoveryRecord | null> {
  const code = normaliseCode(typed);
  if (!code) return null;
  const candidate = await hash(code, Buffer.from(record.s, 'base64url'));
  let found = -1;
  record.h.forEach((h, i) => {
    const stored = Buffer.from(h, 'base64url');
    if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) found = i;
  });
  if (found < 0) return null;
  return { ...record, h: record.h.filter((_, i) => i !== found) };
}
