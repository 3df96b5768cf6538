import { EMAIL_PATTERN, normalizeEmail } from '@/lib/validation/schemas';

export function emailParam(value: string | string[] | undefined): string | undefined {
  if (typeof value !== 'string' || value.length > 254) return undefined;
  const email = normalizeEmail(value);
  return EMAIL_PATTERN.test(email) ? email : undefined;
}
