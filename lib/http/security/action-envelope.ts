// Refuses with 400 what Next's decoder would answer 500 for (decision 009).

const SCALARS = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);

function plainValue(value: unknown, formIds: Set<string> | null, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    if (!value.startsWith('$') || value.startsWith('$$') || SCALARS.has(value)) return true;
    if (/^\$D\d{4}-/.test(value) || /^\$n-?\d+$/.test(value)) return true; // a Date, a BigInt
    return formIds !== null && /^\$K\d+$/.test(value);
  }
  if (Array.isArray(value)) return value.every((v) => plainValue(v, formIds, depth + 1));
  if (typeof value === 'object')
    return Object.values(value as object).every((v) => plainValue(v, formIds, depth + 1));
  return false;
}

function parseArgs(text: string): unknown[] | null {
  try {
    const args: unknown = JSON.parse(text);
    return Array.isArray(args) ? args : null;
  } catch {
    return null;
  }
}

export function plausibleTextReply(text: string): boolean {
  const args = parseArgs(text);
  return args !== null && plainValue(args, null);
}

export function plausibleFormReply(fields: Iterable<string>, zero: string | null): boolean {
  if (zero === null) return false;
  const args = parseArgs(zero);
  if (args === null) return false;
  return plainValue(args, new Set(fields));
}
