/**
 * The authenticator code of the 30-second step before this one, which the pool still takes: a code
 * is accepted for a short time after its step (local/identity/totp.ts, after the Cognito team on
 * aws-amplify/amplify-js#3873). Setting an authenticator up with it leaves the current step's code
 * for the sign-in that follows, instead of waiting up to 30 s for the next step. With less than
 * `marginMs` left in this step (the time the caller takes to send it), it waits for the next step
 * first, so the code is never two steps old when it arrives. Shared by the e2e fixtures and the
 * integration tests.
 */
export async function previousTotpCode(secret: string, marginMs = 3_000): Promise<string> {
  const { generateSync } = await import('otplib');
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 100));
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) - 30 });
}
