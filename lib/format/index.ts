// A capital first letter, the rest as the creator wrote it: O'Brien, McDonald, MrBeast (issue 39).
const capitalise = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

export function formattedName(name: string | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '';
  return source
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.split('-').map(capitalise).join('-'))
    .join(' ');
}

export function initials(name: string | undefined, email: string): string {
  // A name's words are its spaced ones ("O'Brien-López" is one); an address's, its parts.
  const words = formattedName(name, email)
    .split(name?.trim() ? /\s+/ : /[\s._-]+/)
    .filter((w) => /\p{L}|\d/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (Array.from(first)[0]! + (last ? Array.from(last)[0]! : '')).toUpperCase();
}

export function formatPhone(phone: string | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\D/g, '');
  if (d.length !== 11 || !d.startsWith('1')) return phone;
  return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
}

export function phoneInputValue(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  // US area codes never start with 1, so a leading 1 is the country code.
  if (digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (!digits) return '+1';
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  if (digits.length <= 3) return `+1 (${a}`;
  if (digits.length <= 6) return `+1 (${a}) ${b}`;
  return `+1 (${a}) ${b}-${c}`;
}

/** In UTC, so server and browser render the same. */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(seconds * 1000),
  );
}

export function formatDateTime(seconds: number): string {
  return `${new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000))} UTC`;
}

// Invisible characters that reorder or hide text (bidi controls such as U+202E, zero-width
// spaces, word joiners, BOM): a name showing "gpj.exe" as "exe.jpg" or two names that look the
// same. A zero-width joiner stays only inside an emoji sequence (👩‍💻).
const INVISIBLE = /(?!\u200D)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const LONE_JOINER =
  /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** A name from outside (typed, or from an authenticator) as one plain line, trimmed. */
export function plainName(text: string): string {
  return text
    .replace(/\s/g, ' ')
    .replace(INVISIBLE, '')
    .replace(LONE_JOINER, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** `maya@example.com` -> `m•••@example.com`: enough for its owner to recognise, no more. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** `+15555550134` -> `•••0134`: the last four digits, as people know their number by. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 4 ? `•••${digits.slice(-4)}` : '•••';
}
