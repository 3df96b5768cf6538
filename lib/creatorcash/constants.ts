/**
 * The offer's figures (docs/product.md §9). Every number the Creator Cash copy shows is derived from here,
 * so a change of terms is one edit and the copy cannot drift from it.
 */
export const ADVANCE_PERCENT = 90;
export const FEE_PERCENT = 5;
export const DAYS_FASTER = 30;
export const FUNDING_HOURS = { min: 24, max: 48 } as const;
export const MIN_MONTHLY_REVENUE_USD = 1_000;

/** Share of a section that must be on screen before it fades in. */
export const FADE_IN_THRESHOLD = 0.2;

export const percent = (n: number) => `${n}%`;
export const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
/** "24–48 hours", kept on one line: a word joiner after the en dash, a no-break space before "hours". */
export const fundingWindow = `${FUNDING_HOURS.min}–\u2060${FUNDING_HOURS.max}\u00a0hours`;

/** Who can apply (docs/product.md §9), in the order the page lists them. */
export const ELIGIBILITY = [
  'A member of the YouTube Partner Program',
  'No copyright strikes on your channel',
  'A channel in good standing with YouTube’s policies',
  'A valid checking account in your name',
  `Average monthly YouTube revenue of ${usd(MIN_MONTHLY_REVENUE_USD)} or more`,
  'Based in the U.S.',
] as const;
