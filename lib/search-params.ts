import { EMAIL_PATTERN, normalizeEmail } from '@/lib/validation/schemas';

/** An email from a query string, or undefined when absent, repeated or not an email. */
export function emailParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value.length > 254) return undefined;
  const email = normalizeEmail(value);
  return EMAIL_PATTERN.test(email) ? email : undefined;
}
