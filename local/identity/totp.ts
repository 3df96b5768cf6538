import { generateSecret, verifySync } from 'otplib';

/** A base32 secret of 20 random bytes (32 characters), the size Cognito hands out. */
export const newTotpSecret = (): string => generateSecret();

/** The 30-second time step `code` belongs to (one step of drift allowed either way), or null. */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: 30,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
