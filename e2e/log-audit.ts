/**
 * Finds a one-time code where a leak would put it in a log line: as a value of its own, or as a
 * whole word inside a message. Request ids, times and other random strings hold six-digit runs by
 * chance (`…-c2729069774e`), so a code merely inside a longer run of letters and digits is not a
 * leak.
 */
const wholeWord = (code: string) =>
  new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(code)}(?![A-Za-z0-9])`);

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function* strings(value: unknown): Generator<string> {
  // Codes are strings everywhere they travel; numbers (durations, vitals) are measurements.
  if (typeof value === 'string') yield value;
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) yield* strings(v);
}

/** True when `line` (one line of a log, JSON or plain text) carries `code`. */
export function lineLeaksCode(line: string, code: string): boolean {
  if (!line.includes(code)) return false;
  const word = wholeWord(code);
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    // Plain text (the framework's own output): stack frames carry line:column numbers, which are
    // positions in a bundle, not values; a code in the message itself still counts.
    return word.test(line.replace(/:\d+(:\d+)?\b/g, ':#'));
  }
  for (const s of strings(parsed)) if (s === code || word.test(s)) return true;
  return false;
}

/** The first line of `log` that carries any of `codes`, with the code, or undefined. */
export function findCodeLeak(
  log: string,
  codes: Iterable<string>,
): { code: string; line: string } | undefined {
  const lines = log.split('\n');
  for (const code of new Set(codes)) {
    if (!code) continue;
    const line = lines.find((l) => lineLeaksCode(l, code));
    if (line !== undefined) return { code, line };
  }
  return undefined;
}
