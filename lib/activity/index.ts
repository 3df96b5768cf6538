/**
 * Password confirmations told apart from sign-ins in Recent activity (decision 045).
 *
 * Every confirmation in the profile is a real SRP sign-in, so the pool lists it as a sign-in and
 * nothing in an auth event says otherwise. The product keeps its own short record of them in an
 * admin-only attribute, and labels the event that matches each.
 */

import { ACTIVITY_ATTRIBUTE } from '@/contract/local-stack';

/** Admin-only: not in the app client's write attributes (and best left out of its read ones). */
export { ACTIVITY_ATTRIBUTE };
/** The attribute's MaxLength in infra/user-pool.yaml: bytes, as Cognito counts them. */
export const ACTIVITY_MAX_BYTES = 2048;
export const ACTIVITY_KEPT = 10;

/** What a confirmation was for, by the `op` proveIdentity is given. */
export const PROOF_PURPOSE: Record<string, string> = {
  email: 'To change your email',
  phone: 'To change your phone number',
  passkey: 'To add a passkey',
  two_step_setup: 'To set up two-step verification',
  two_step_turn_off: 'To turn off two-step verification',
  two_step_change: 'To change two-step verification',
  delete_account: 'To delete your account',
  recovery_codes: 'To get new recovery codes',
};

/**
 * The record of a sign-in that had the right password and stopped at two-step
 * (lib/auth/unfinished.ts): not a confirmation, a row of its own in Recent activity.
 */
export const TWO_STEP_UNFINISHED = 'two_step_unfinished';

export type ProofRecord = {
  /** Seconds since the epoch, when the confirmation was answered. */
  t: number;
  op: string;
  ok: boolean;
  /** The browser, as Devices names one ("Chrome on Linux"). */
  b?: string;
  /** The address, where no event of Cognito's gives one (an unfinished two-step). */
  a?: string;
};

type Stored = [number, string, 0 | 1, string?, string?];

export function parseProofs(raw: string | undefined): ProofRecord[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((row: unknown): ProofRecord[] => {
      if (!Array.isArray(row)) return [];
      const [t, op, ok, b, a] = row as unknown[];
      if (typeof t !== 'number' || !Number.isFinite(t) || typeof op !== 'string') return [];
      return [
        {
          t,
          op,
          ok: ok === 1,
          ...(typeof b === 'string' && b ? { b } : {}),
          ...(typeof a === 'string' && a ? { a } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** The newest ACTIVITY_KEPT records, newest first, within the attribute's length. */
export function withProof(list: ProofRecord[], proof: ProofRecord): string {
  // The same record twice (a job run again) is kept once.
  const same = (p: ProofRecord) =>
    p.t === proof.t && p.op === proof.op && p.ok === proof.ok && p.b === proof.b && p.a === proof.a;
  const kept = [proof, ...list.filter((p) => !same(p))]
    .sort((a, b) => b.t - a.t)
    .slice(0, ACTIVITY_KEPT);
  const rows = kept.map((p): Stored => {
    const row: Stored = [p.t, p.op.slice(0, 32), p.ok ? 1 : 0];
    if (p.b || p.a) row.push((p.b ?? '').slice(0, 64));
    if (p.a) row.push(p.a.slice(0, 45));
    return row;
  });
  while (rows.length > 1 && Buffer.byteLength(JSON.stringify(rows)) > ACTIVITY_MAX_BYTES)
    rows.pop();
  return JSON.stringify(rows);
}

/**
 * How a sign-in was made, kept by the product at each sign-in as a record `in:<way>` (decision
 * 058): Cognito's auth events name only the Password and Mfa steps, and no passkey, emailed code
 * or recovery code. The words Recent activity shows for each.
 */
export const SIGN_IN_WAYS = {
  password: 'With your password',
  'password+app': 'Password and a code from the authenticator app',
  'password+text': 'Password and a text-message code',
  'password+email': 'Password and an emailed code',
  'password+recovery': 'Password and a recovery code',
  passkey: 'With a passkey',
  'email-code': 'With an emailed code',
} as const;
export type SignInWay = keyof typeof SIGN_IN_WAYS;
const WAY_PREFIX = 'in:';

/** The record of a sign-in (`ok`) or a wrong password (`!ok`, way `password`). */
export function wayRecord(way: SignInWay, ok: boolean, browser?: string, t = nowS()): ProofRecord {
  return { t, op: `${WAY_PREFIX}${way}`, ok, ...(browser ? { b: browser } : {}) };
}

function wayOf(op: string): SignInWay | undefined {
  if (!op.startsWith(WAY_PREFIX)) return undefined;
  const way = op.slice(WAY_PREFIX.length);
  return Object.hasOwn(SIGN_IN_WAYS, way) ? (way as SignInWay) : undefined;
}

const nowS = () => Math.floor(Date.now() / 1000);

export type Labelled<E> = E & {
  /** A password confirmation in the profile, not a sign-in (decision 045). */
  proof?: { op: string; browser?: string };
  /** How the sign-in (or the wrong password) was made, and in which browser (decision 058). */
  way?: { how: SignInWay; browser?: string };
};

/**
 * Pairs each record with the sign-in event it tells about: the same outcome, the closest in time
 * from five minutes before (a sent code answered later) to 30 s after (clocks and retries). Each
 * event is used once; an event with no record stays as Cognito tells it. Records of an
 * unfinished two-step are the caller's (rows of their own).
 */
export function labelEvents<
  E extends { at: number; passed: boolean; failedAt?: 'password' | 'two-step' },
>(events: E[], records: ProofRecord[]): Labelled<E>[] {
  const out: Labelled<E>[] = events.map((e) => ({ ...e }));
  const used = new Set<number>();
  for (const record of [...records].sort((a, b) => b.t - a.t)) {
    if (record.op === TWO_STEP_UNFINISHED) continue;
    const how = wayOf(record.op);
    if (record.op.startsWith(WAY_PREFIX) && !how) continue;
    let best = -1;
    for (let i = 0; i < out.length; i++) {
      const e = out[i]!;
      if (used.has(i) || e.passed !== record.ok) continue;
      // A wrong password's record is not a wrong code's, where Cognito tells the step.
      if (
        how &&
        !e.passed &&
        e.failedAt &&
        e.failedAt !== (how === 'password' ? 'password' : 'two-step')
      )
        continue;
      if (e.at < record.t - 300 || e.at > record.t + 30) continue;
      if (best < 0 || Math.abs(e.at - record.t) < Math.abs(out[best]!.at - record.t)) best = i;
    }
    if (best < 0) continue;
    used.add(best);
    const browser = record.b ? { browser: record.b } : {};
    out[best] = how
      ? { ...out[best]!, way: { how, ...browser } }
      : { ...out[best]!, proof: { op: record.op, ...browser } };
  }
  return out;
}
