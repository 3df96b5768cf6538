import type { Attributes, AttributeValue } from '@opentelemetry/api';

// Telemetry leaves the process for a collector the product does not control, so what identifies a
// person never goes into it: a query's values (a creator's email in the creator search, Google's
// code and state, a "this wasn't me" token), a fragment, or an email anywhere. A query keeps its
// keys with empty values (`?code=&state=`), which say what was asked without saying for whom, and
// scrubbing twice changes nothing.

const EMAIL = /[^\s"'<>()[\]{}\\/?#&=:;,@]+@[^\s"'<>()[\]{}\\/?#&=:;,@]+\.[a-z]{2,}/gi;
// A query or fragment after a path or URL: from `?` or `#` to the next space or quote.
const QUERY = /\?([^\s"'#]*)(#[^\s"']*)?|#[^\s"']*/g;

function keysOnly(query: string): string {
  const keys = query
    .split('&')
    // A pair without `=` is a bare value, not a key.
    .map((pair) => (pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : ''))
    .filter((key) => /^[\w.[\]-]{1,64}$/.test(key));
  return keys.length > 0 ? `?${keys.map((key) => `${key}=`).join('&')}` : '';
}

/** One text with its query values, fragments and emails taken out. */
export function scrubText(text: string): string {
  if (!text.includes('?') && !text.includes('#') && !text.includes('@')) return text;
  return text
    .replace(QUERY, (match: string, query?: string) =>
      match.startsWith('#') ? '' : keysOnly(query ?? ''),
    )
    .replace(EMAIL, '[email]');
}

function scrubValue(value: AttributeValue | undefined): AttributeValue | undefined {
  if (typeof value === 'string') return scrubText(value);
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'string' ? scrubText(v) : v)) as AttributeValue;
  return value;
}

/** The attributes that would change, with their scrubbed values (empty when none would). */
export function scrubbedAttributes(attributes: Attributes | undefined): Attributes {
  const changed: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    const next = scrubValue(value);
    if (next !== value && JSON.stringify(next) !== JSON.stringify(value)) changed[key] = next;
  }
  return changed;
}

/** A copy of `attributes` with every string value scrubbed (for metrics, recorded once). */
export function scrubAttributes<T extends Attributes>(attributes: T): T {
  const changed = scrubbedAttributes(attributes);
  return Object.keys(changed).length === 0 ? attributes : { ...attributes, ...changed };
}
