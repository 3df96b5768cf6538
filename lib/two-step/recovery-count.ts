/** How many recovery codes are made at once (decision 046); shared with the browser. */
export const RECOVERY_CODE_COUNT = 10;
