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

/**
 * The first line of `log` that carries any of `codes`, with the code, or undefined. One pass over
 * the log: a code of letters and digits can only leak as a run of letters and digits of its own,
 * in the line as written or once its JSON escapes are undone, so only lines with such a run are
 * checked for it (a whole run's log holds thousands of codes and tens of thousands of lines).
 */
export function findCodeLeak(
  log: string,
  codes: Iterable<string>,
): { code: string; line: string } | undefined {
  const wanted = [...new Set(codes)].filter(Boolean);
  const words = new Set(wanted.filter((c) => /^[A-Za-z0-9]+$/.test(c)));
  const others = wanted.filter((c) => !words.has(c));
  const first = new Map<string, string>();
  for (const line of log.split('\n')) {
    const runs = new Set([
      ...(line.match(/[A-Za-z0-9]+/g) ?? []),
      ...(line.replace(/\\(u[0-9a-fA-F]{4}|.)/g, ' ').match(/[A-Za-z0-9]+/g) ?? []),
    ]);
    for (const run of runs)
      if (words.has(run) && !first.has(run) && lineLeaksCode(line, run)) first.set(run, line);
    for (const code of others)
      if (!first.has(code) && lineLeaksCode(line, code)) first.set(code, line);
  }
  for (const code of wanted) {
    const line = first.get(code);
    if (line !== undefined) return { code, line };
  }
  return undefined;
}
