/**
 * Pieces of authenticator-app setup shared by the dialog, the setup page and their server actions.
 * No schema here, so a page shows the key without loading the validation library (decision 023).
 */

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
