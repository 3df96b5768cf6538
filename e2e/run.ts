/**
 * Which named run this is (scripts/test-all.sh, decision 052): `npm run test:full` sets
 * TEST_RUN=full for the full fuzz volume, the layout check's six widths, every screenshot and the
 * hosts spec; anything else is the gate.
 */
export const FULL_RUN = process.env.TEST_RUN === 'full';
