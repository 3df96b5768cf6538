/**
 * What a person typed in an open dialog when their session ended elsewhere: kept in this tab for
 * the sign-in that follows, so the dialog opens again as they left it. Non-secret fields only (a
 * name, an email, a number); passwords and codes are never kept.
 */
export type DraftCard = 'name' | 'email' | 'phone';
type Draft = { card: DraftCard; value: string; account: string; at: number };

const KEY = 'cd:profile-draft';
const KEEP_MS = 30 * 60 * 1000;
/** The field each card keeps, by its form name. */
export const DRAFT_FIELD: Record<DraftCard, string> = {
  name: 'name',
  email: 'email',
  phone: 'phoneNo',
};

export const isDraftCard = (card: string): card is DraftCard => Object.hasOwn(DRAFT_FIELD, card);

export function keepDraft(card: DraftCard, value: string, account: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ card, value, account, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the draft is lost, as it was before.
  }
}

function read(account: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    const fresh = typeof d.at === 'number' && Date.now() - d.at < KEEP_MS;
    const ok =
      fresh &&
      typeof d.card === 'string' &&
      isDraftCard(d.card) &&
      typeof d.value === 'string' &&
      d.value.length <= 320 &&
      d.account === account;
    return ok ? (d as Draft) : null;
  } catch {
    return null;
  }
}

/** Whether a draft of this account waits here. */
export const hasDraft = (account: string) => read(account) !== null;

export type KeptDraft = { card: DraftCard; value: string };

/** The draft of this account, left in place (dropDraft removes it once it is shown). */
export function peekDraft(account: string): KeptDraft | null {
  const d = read(account);
  return d && { card: d.card, value: d.value };
}

export function dropDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to remove.
  }
}
