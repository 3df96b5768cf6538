/** Why a deletion confirmed with Google did not happen; the profile says it (decision 048). */
export const DELETION_OUTCOMES = ['cancelled', 'other-account', 'failed'] as const;
export type DeletionOutcome = (typeof DELETION_OUTCOMES)[number];

/** Google's answer proves a sign-in made for this deletion: at most this old. */
export const DELETION_PROOF_S = 5 * 60;

export const deletionPath = (outcome: DeletionOutcome) =>
  `/profile?deletion=${outcome}#danger-zone`;

export function parseDeletionOutcome(value: unknown): DeletionOutcome | undefined {
  return DELETION_OUTCOMES.find((o) => o === value);
}

/** The proof is this account's, and new: Google's sign-in happened for this request. */
export function deletionProof(
  expected: string,
  answer: { sub: string; authTime?: number },
  now: number,
): 'ok' | 'other-account' | 'stale' {
  if (answer.sub !== expected) return 'other-account';
  if (answer.authTime === undefined || now - answer.authTime > DELETION_PROOF_S) return 'stale';
  return 'ok';
}
