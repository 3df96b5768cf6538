// No schema here, so a page shows the key without loading the validation library (decision 023).

export const ISSUER = 'Creator Dashboard';
export const DEVICE_NAME = 'Authenticator app';

export function otpauthUri(email: string, secret: string, issuer: string = ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}`;
}

export function groupKey(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
