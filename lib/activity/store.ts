import 'server-only';
import { listSignInEvents, readRecordAttributes, writeRecordAttribute } from '@/lib/cognito/admin';
import type { Result } from '@/lib/cognito/shared';
import type { Env } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import {
  labelEvents,
  parseProofs,
  TWO_STEP_UNFINISHED,
  withProof,
  type ProofRecord,
  type SignInWay,
} from './index';

/** A row of Recent activity: Cognito's event, and what the product's own records add to it. */
export type SignInEvent = {
  /** Seconds since the epoch. */
  at: number;
  passed: boolean;
  /** The right password, and the two-step code never given (lib/auth/unfinished.ts). */
  unfinished?: true;
  ip?: string;
  device?: string;
  place?: string;
  /** A password confirmation in the profile, not a sign-in (decision 045). */
  proof?: { op: string; browser?: string };
  /** How it was made, from the product's own record (decision 058). */
  way?: { how: SignInWay; browser?: string };
  /** A failed attempt's step, from Cognito's ChallengeResponses: the password or the code. */
  failedAt?: 'password' | 'two-step';
};

const RECENT_SIGN_INS = 10;

/** The account's records of Recent activity; a record that cannot be read counts as none. */
async function readProofs(env: Env, username: string): Promise<ProofRecord[]> {
  const records = await readRecordAttributes(env, username);
  if (records.ok) return parseProofs(records.value.activity);
  log.warn('activity.read_failed', { reason: records.failure.name });
  return [];
}

/**
 * Adds a record (a confirmation, a sign-in's way, an unfinished two-step). A pool without the
 * attribute refuses the write: logged, and the row then reads as Cognito tells it.
 */
export async function recordProof(env: Env, username: string, proof: ProofRecord): Promise<void> {
  const kept = await readProofs(env, username);
  const written = await writeRecordAttribute(env, username, 'activity', withProof(kept, proof));
  if (!written.ok) log.warn('activity.record_failed', { reason: written.failure.name });
}

/**
 * Recent activity: Cognito's events labelled with the product's records, the unfinished two-step
 * attempts as rows of their own, newest first. Undefined where the pool cannot tell. `proofs`
 * lets a caller that read the account's records already pass them on.
 */
export async function recentSignIns(
  env: Env,
  username: string,
  proofs: Promise<ProofRecord[]> = readProofs(env, username),
): Promise<Result<SignInEvent[] | undefined>> {
  // `proofs` never rejects (a failed read counts as no record), so it may wait beside the events.
  const listed = await listSignInEvents(env, username, RECENT_SIGN_INS);
  if (!listed.ok || listed.value === undefined) return listed;
  const events: SignInEvent[] = listed.value.map(({ inProgress, ...e }) =>
    inProgress ? { ...e, unfinished: true } : e,
  );
  const kept = await proofs;
  // Where Cognito lists the attempt itself (InProgress), the record only names its browser.
  const unfinished: SignInEvent[] = [];
  for (const p of kept.filter((r) => r.op === TWO_STEP_UNFINISHED)) {
    const listedHere = events.find((e) => e.unfinished && e.at >= p.t - 30 && e.at <= p.t + 300);
    if (!listedHere)
      unfinished.push({
        at: p.t,
        passed: false,
        unfinished: true,
        ...(p.b ? { device: p.b } : {}),
        ...(p.a ? { ip: p.a } : {}),
      });
    else if (!listedHere.device && p.b) listedHere.device = p.b;
  }
  const labelled = labelEvents(events, kept);
  return {
    ok: true,
    value: [...labelled, ...unfinished].sort((a, b) => b.at - a.at).slice(0, RECENT_SIGN_INS),
  };
}
