import { createHash, randomInt } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from './config';
import { codeMismatch, expiredCode, limitExceeded, MESSAGES } from './errors';
import type { CodePurpose, IdentityStore, UserRecord } from './store';

/** How a code is stored: never the code itself. */
export const hashCode = (user: UserRecord, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${user.sub}:${purpose}:${code.trim()}`).digest('hex');

export const remember = (spent: string[], hash: string) =>
  [...spent.filter((h) => h !== hash), hash].slice(-10);

/** A new random 6-digit code for `purpose`, replacing (and retiring) any earlier one. The caller saves. */
export function issueCode(
  user: UserRecord,
  purpose: CodePurpose,
  target: string,
  expiresAt: number,
): string {
  const slot = user.codes[purpose] ?? { spent: [] };
  // A new code is never the one it replaces: "Send Again" always means a different code.
  let code: string;
  do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  while (slot.active && hashCode(user, purpose, code) === slot.active.hash);
  if (slot.active) slot.spent = remember(slot.spent, slot.active.hash);
  slot.active = {
    hash: hashCode(user, purpose, code),
    target: target.toLowerCase(),
    expiresAt,
    attempts: 0,
  };
  user.codes[purpose] = slot;
  return code;
}

/**
 * Checks and consumes a code, or throws Cognito's error: a wrong code counts as an attempt
 * (5 allowed per code), a used, replaced or expired one is "expired". Saves the user either way.
 * `target`, when given, must be the address the code was sent to.
 */
export function consumeCode(
  store: IdentityStore,
  user: UserRecord,
  purpose: CodePurpose,
  code: string,
  now: number,
  target?: string,
): void {
  const slot = user.codes[purpose] ?? { spent: [] };
  user.codes[purpose] = slot;
  const hash = hashCode(user, purpose, code);
  const active = slot.active;
  if (active && active.attempts >= MAX_CODE_ATTEMPTS) throw limitExceeded(MESSAGES.attemptLimit);
  if (
    active &&
    active.hash === hash &&
    (target === undefined || target.toLowerCase() === active.target)
  ) {
    slot.spent = remember(slot.spent, hash);
    delete slot.active;
    store.saveUser(user);
    if (active.expiresAt <= now) throw expiredCode(MESSAGES.codeExpired);
    return;
  }
  if (slot.spent.includes(hash)) throw expiredCode(MESSAGES.codeExpired);
  if (active) {
    active.attempts += 1;
    store.saveUser(user);
  }
  throw codeMismatch(MESSAGES.codeMismatch);
}
