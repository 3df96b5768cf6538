// Refuses with 400 what Next's decoder would answer 500 for (decision 009).

const SCALARS = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);
/** Next runs no action with more arguments, and React binds no more (both throw past it). */
const MAX_ARGS = 1000;
/** React reads no longer BigInt. */
const MAX_BIGINT_DIGITS = 300;

/** The reply part a value sits in: React writes an object it meets again as its path there. */
type Part = { id: number; root: unknown; formRefs: boolean };

function plainValue(value: unknown, part: Part, depth = 0): boolean {
  if (depth > 32) return false;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    if (!value.startsWith('$') || value.startsWith('$$') || SCALARS.has(value)) return true;
    if (/^\$D\d{4}-/.test(value)) return true; // a Date
    if (/^\$n-?\d+$/.test(value)) return value.length - 2 <= MAX_BIGINT_DIGITS;
    if (part.formRefs && /^\$K\d+$/.test(value)) return true;
    return repeatedObject(value, part);
  }
  if (Array.isArray(value)) return value.every((v) => plainValue(v, part, depth + 1));
  if (typeof value === 'object')
    return Object.values(value as object).every((v) => plainValue(v, part, depth + 1));
  return false;
}

/** `$<part>:<key>:…`: the place in this part where the object was written first. */
function repeatedObject(ref: string, part: Part): boolean {
  const m = /^\$([0-9a-f]+)((?::[^:]*)+)$/.exec(ref);
  if (!m || parseInt(m[1]!, 16) !== part.id) return false;
  let at: unknown = part.root;
  for (const key of m[2]!.slice(1).split(':')) {
    if (typeof at !== 'object' || at === null || key === '__proto__' || !Object.hasOwn(at, key))
      return false;
    at = (at as Record<string, unknown>)[key];
  }
  // Never an array: React counts a repeated array's items again, up to a limit it throws at.
  return typeof at === 'object' && at !== null && !Array.isArray(at);
}

function parseArgs(text: string): unknown[] | null {
  try {
    const args: unknown = JSON.parse(text);
    return Array.isArray(args) && args.length <= MAX_ARGS ? args : null;
  } catch {
    return null;
  }
}

export function plausibleTextReply(text: string): boolean {
  const args = parseArgs(text);
  return args !== null && plainValue(args, { id: 0, root: args, formRefs: false });
}

/** A multipart reply by its field `0`; a `$K<n>` in it names form fields, which need not be there. */
export function plausibleFormReply(zero: string | null): boolean {
  const args = zero === null ? null : parseArgs(zero);
  return args !== null && plainValue(args, { id: 0, root: args, formRefs: true });
}

// A form posted before the page's scripts ran names its action in fields of its own (React's
// progressive enhancement): `$ACTION_ID_<id>`, or `$ACTION_REF_<p>` with the descriptor
// `$ACTION_<p>:0` = {"id", "bound": "$@<n>"} and the bound arguments in `$ACTION_<p>:<n>`;
// useActionState adds `$ACTION_KEY`. Next decodes these with React's decodeAction and
// decodeFormState, which throw (a 500) on what does not decode.
const ACTION = '$ACTION_';
const REF = '$ACTION_REF_';
const ID = '$ACTION_ID_';

/** True when a form body carries an action call made without scripts. */
export function isNoScriptCall(fields: Iterable<string>): boolean {
  for (const field of fields) if (field.startsWith(ACTION)) return true;
  return false;
}

/** Why React could not decode this form's action call, or null when it can. */
export function noScriptCallProblem(form: FormData): string | null {
  const fields = [...form.keys()];
  const refs = fields.filter((f) => f.startsWith(REF));
  if (!refs.length && !fields.some((f) => f.startsWith(ID))) return 'no action field';
  // The form's own and its clicked button's; Next refuses more itself.
  if (refs.length > 2) return 'too many action references';
  for (const ref of new Set(refs)) {
    const problem = boundActionProblem(form, `${ACTION}${ref.slice(REF.length)}:`);
    if (problem) return problem;
  }
  return null;
}

function single(form: FormData, name: string): string | null {
  const values = form.getAll(name);
  return values.length === 1 && typeof values[0] === 'string' ? values[0] : null;
}

function boundActionProblem(form: FormData, prefix: string): string | null {
  const text = single(form, `${prefix}0`);
  if (text === null) return 'action reference without its descriptor';
  let descriptor: unknown;
  try {
    descriptor = JSON.parse(text);
  } catch {
    return 'action descriptor not JSON';
  }
  const { id, bound, ...rest } = (descriptor ?? {}) as Record<string, unknown>;
  if (Array.isArray(descriptor) || typeof id !== 'string' || Object.keys(rest).length)
    return 'action descriptor unreadable';
  if (bound === null) return null;
  const at = typeof bound === 'string' ? /^\$@([0-9a-f]+)$/.exec(bound) : null;
  const part = at ? parseInt(at[1]!, 16) : 0;
  if (part === 0) return 'bound arguments reference unreadable';
  const argsText = single(form, `${prefix}${part}`);
  if (argsText === null) return 'bound arguments missing';
  const args = parseArgs(argsText);
  if (args === null || !plainValue(args, { id: part, root: args, formRefs: false }))
    return 'bound arguments unreadable';
  return null;
}
