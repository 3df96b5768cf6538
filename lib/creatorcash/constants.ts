// docs/product.md §9.1 and §9.2. The copy derives every figure it shows from here.
export const ADVANCE_PERCENT = 90;
export const FEE_PERCENT = 5;
export const DAYS_FASTER = 30;
export const FUNDING_HOURS = { min: 24, max: 48 } as const;
export const MIN_MONTHLY_REVENUE_USD = 1_000;

export const FADE_IN_THRESHOLD = 0.2;

export const percent = (n: number) => `${n}%`;
export const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
/** Kept on one line: a word joiner after the en dash, a no-break space before "hours". */
export const fundingWindow = `${FUNDING_HOURS.min}–\u2060${FUNDING_HOURS.max}\u00a0hours`;

export const ELIGIBILITY = [
  'A member of the YouTube Partner Program',
  'No copyright strikes on your channel',
  'A channel in good standing with YouTube’s policies',
  'A valid checking account in your name',
  `Average monthly YouTube revenue of ${usd(MIN_MONTHLY_REVENUE_USD)} or more`,
  'Based in the U.S.',
] as const;
