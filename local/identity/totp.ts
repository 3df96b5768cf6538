import { generateSecret, verifySync } from 'otplib';

/** A base32 secret of 20 random bytes (32 characters), the size Cognito hands out. */
export const newTotpSecret = (): string => generateSecret();

/**
 * The 30-second time step `code` belongs to, or null. A code is taken in its own step and the one
 * after it, never before its step: "each TOTP code is accepted for a short time after its defined
 * time window" (the Cognito team, aws-amplify/amplify-js#3873, after RFC 6238 §5.2's "at most one
 * time step ... as the network delay"). How long "a short time" is, and whether a code of the next
 * step is taken early, AWS does not say: unconfirmed (local/identity/README.md, TOTP).
 */
export function matchTotp(secret: string, code: string, nowMs: number): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: [30, 0],
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
