import * as z from 'zod/mini';
import { MSG } from '@/lib/validation/messages';

/** Pieces of authenticator-app setup shared by the dialog and its server actions. */

export const ISSUER = 'Creator Dashboard';
export const DEVICE_NAME = 'Authenticator app';
export const TOTP_CODE_ENTER = 'Enter the 6-digit code from your authenticator app.';

/** The key-URI format authenticator apps scan (github.com/google/google-authenticator/wiki/Key-Uri-Format). */
export function otpauthUri(email: string, secret: string, issuer: string = ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

/** The key as people type it: groups of four, so it is easy to read and compare. */
export function groupKey(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** Six digits from the six boxes; the empty message speaks of the app, not of an email. */
export const totpCodeField = z.pipe(
  z.pipe(
    z.array(z.string({ error: MSG.codeDigitsOnly }), { error: TOTP_CODE_ENTER }),
    z.transform((digits: string[]) => digits.join('').replace(/\s/g, '')),
  ),
  z
    .string()
    .check(
      z.minLength(1, { error: TOTP_CODE_ENTER, abort: true }),
      z.regex(/^\d*$/, { error: MSG.codeDigitsOnly, abort: true }),
      z.length(6, MSG.codeLength),
    ),
);

export const totpSetupSchema = z.object({ code: totpCodeField });
