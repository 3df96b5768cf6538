import type { Page } from '@playwright/test';
import { enterCode } from './fixtures';

/** A platform authenticator with user verification, as a phone or laptop has (CDP WebAuthn). */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Adds a passkey through the profile's own path (the password as proof), and closes the dialog. */
export async function addPasskeyOnProfile(
  page: Page,
  password: string,
  /** With two-step on, the proof asks for an authenticator code too. */
  code?: () => Promise<string>,
) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage passkeys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passkeys' });
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The password checked, Cognito asks for the code (the proof's second step).
  if (code) {
    await enterCode(page, await code(), dialog);
    await dialog.getByRole('button', { name: 'Continue' }).click();
  }
  // The name step that follows, left as it is.
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await page
    .getByRole('dialog', { name: /All Set/ })
    .getByRole('button', { name: 'Close' })
    .click();
}
