/**
 * A cheap sanity check of a server-action request before Next decodes it. Next's decoder answers
 * a 500 for bodies that are not a React reply at all ('', '[', 'null', a reference to a part that
 * is not there), and bad input must never answer 500. This product's forms only ever send:
 *   - text: a JSON array of plain values (strings starting with '$' escaped as '$$'), or
 *   - multipart: field '0' holding such an array, whose only reference is '$K<n>' (the form's
 *     own fields, sent beside it; an empty form sends none).
 * Anything else is refused with a 400 before it reaches the decoder.
 */

const SCALARS = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);

function plainValue(value: unknown, formIds: Set<string> | null, depth = 0): boolean {
  // formIds: null for a text body (no form parts to refer to).
  if (depth > 32) return false;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    if (!value.startsWith('$') || value.startsWith('$$') || SCALARS.has(value)) return true;
    if (/^\$D\d{4}-/.test(value) || /^\$n-?\d+$/.test(value)) return true; // a Date, a BigInt
    // A form reference only makes sense in a multipart body (an empty form sends no fields).
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

/** Text bodies: a JSON array of plain values. */
export function plausibleTextReply(text: string): boolean {
  const args = parseArgs(text);
  return args !== null && plainValue(args, null);
}

/** Multipart bodies: field '0' is such an array, form references allowed. */
export function plausibleFormReply(fields: Iterable<string>, zero: string | null): boolean {
  if (zero === null) return false;
  const args = parseArgs(zero);
  if (args === null) return false;
  return plainValue(args, new Set(fields));
}
