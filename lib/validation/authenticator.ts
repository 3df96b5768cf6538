import * as z from 'zod/mini';
import { MSG } from '@/lib/validation/messages';
import { sixDigitCode } from '@/lib/validation/schemas';

/** Pieces of authenticator-app setup shared by the dialog and its server actions. */

export const ISSUER = 'Creator Dashboard';
export const DEVICE_NAME = 'Authenticator app';

/** The key-URI format authenticator apps scan (github.com/google/google-authenticator/wiki/Key-Uri-Format). */
export function otpauthUri(email: string, secret: string, issuer: string = ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

/** The key as people type it: groups of four, so it is easy to read and compare. */
export function groupKey(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** An authenticator-app code: its empty message speaks of the app, not of an email (docs/product.md §5.4). */
export const authenticatorCodeField = sixDigitCode(MSG.authenticatorCodeEnter);

/** A form of the six boxes alone, for a code from the authenticator app (setup, sign-in). */
export const authenticatorCodeSchema = z.object({ code: authenticatorCodeField });
