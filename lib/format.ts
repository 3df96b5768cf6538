/** Display helpers of docs/product.md §3. */

const capitalise = (word: string) =>
  word ? word[0]!.toUpperCase() + word.slice(1).toLowerCase() : word;

/** Each word capitalised; without a name, the part of the email before the @. */
export function formattedName(name: string | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '';
  return source
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.split('-').map(capitalise).join('-'))
    .join(' ');
}

/** Up to two initials from the formatted name (first and last word). */
export function initials(name: string | undefined, email: string): string {
  const words = formattedName(name, email)
    .split(/[\s._-]+/)
    .filter((w) => /\p{L}|\d/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
}

/** '+15551234567' -> '+1 (555) 123-4567'; anything else is returned as given. */
export function formatPhone(phone: string | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\D/g, '');
  if (d.length !== 11 || !d.startsWith('1')) return phone;
  return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
}

/**
 * What the phone field shows while someone types (docs/product.md §5): always '+1', then up to ten digits
 * as +1 (xxx) xxx-xxxx. A pasted 11-digit US number or one typed without '+' keeps its digits.
 */
export function phoneInputValue(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // The country code is fixed: drop it wherever it was typed or pasted (US area codes never start with 1).
  if (digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return '+1';
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  if (digits.length <= 3) return `+1 (${a}`;
  if (digits.length <= 6) return `+1 (${a}) ${b}`;
  return `+1 (${a}) ${b}-${c}`;
}

/** A date (seconds since the epoch) as people read it: "Nov 23, 2026" (UTC, same on server and browser). */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}

/** A moment as people read it in lists: 'Nov 23, 2026, 11:52 PM UTC'. */
export function formatDateTime(seconds: number): string {
  return `${new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000))} UTC`;
}
