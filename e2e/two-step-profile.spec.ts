import type { Page } from '@playwright/test';
import { ALL_SET } from './dashboard-fixtures';
import {
  POOL_ID,
  cognitoCall,
  createAccount,
  enableCodeMfa,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  logout,
  setUserAttributes,
  signInWithForm,
  snap,
  test,
  waitForCode,
} from './fixtures';

/**
 * /profile's "Codes by text or email": turning text-message and email codes on (no proof: they
 * only add a step, sent to the account's own verified contacts) and off (the password, and the
 * code sign-in asks for, first), the method asked for first, and a changed phone number taking
 * text-message codes with it.
 */

// Each test signs in with a sent code (some twice) and walks a dialog: long on a busy machine.
test.describe.configure({ timeout: 90_000 });

const phoneFor = () => `+1555555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const shown = (p: string) => `+1 (${p.slice(2, 5)}) ${p.slice(5, 8)}-${p.slice(8)}`;
const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

async function expectAllSet(page: Page) {
  const done = page.getByRole('dialog', { name: ALL_SET });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function openCodes(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage codes by text or email' }).click();
  return page.getByRole('dialog', { name: 'Codes by text or email' });
}

/** Signs in with the password and the text-message code. */
async function signInWithTextCode(page: Page, email: string, password: string, phone: string) {
  const since = Date.now();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, await waitForCode(phone, 'mfa', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
}

test('text-message codes: off until the number is verified, then on, then asked for at sign-in', async ({
  page,
}) => {
  const account = await createAccount();
  const phone = phoneFor();
  await setUserAttributes(account.email, { phone_number: phone, phone_number_verified: 'false' });
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto('/profile');
  await expect(card(page, 'Codes by text or email')).toContainText('Off');
  await expect(card(page, 'Codes by text or email')).toContainText(
    'Verify your phone number to get codes by text message.',
  );
  let dialog = await openCodes(page);
  await expect(dialog.getByRole('button', { name: 'Turn on text message codes' })).toBeDisabled();
  await expect(dialog.getByText('Verify your phone number first')).toBeVisible();
  // Email codes would take resets off the email, and there is no verified phone to take them.
  await expect(
    dialog.getByText("While email codes are on, a password reset code can't come to your email."),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Verify a phone number' }).click();
  await expect(page.getByRole('dialog', { name: 'Change phone number' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Verified (as after the phone dialog's code), and signed in again for a fresh id token.
  await setUserAttributes(account.email, { phone_number_verified: 'true' });
  await logout(page);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  dialog = await openCodes(page);
  await expect(dialog.getByText(shown(phone))).toBeVisible();
  await expect(
    dialog.getByText(
      'While email codes are on, a password reset code comes by text message to your phone, not to your email.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn on text message codes' }).click();
  await expectAllSet(page);
  await expect(card(page, 'Codes by text or email')).toContainText('Text message');
  await snap(page, 'profile-codes-on');

  await logout(page);
  await signInWithTextCode(page, account.email, account.password, phone);
});

test('email codes on beside text messages: the creator picks which is asked for first', async ({
  page,
}) => {
  const account = await createAccount();
  const phone = phoneFor();
  await enableCodeMfa(account.email, account.password, { phone, preferred: 'SMS_MFA' });
  await signInWithTextCode(page, account.email, account.password, phone);
  let dialog = await openCodes(page);
  await dialog.getByRole('button', { name: 'Turn on email codes' }).click();
  // Beside text messages, a new method needs the password and the code sign-in would ask for:
  // a session alone must not move the second step (decision 030).
  const proof = dialog.getByRole('form', { name: 'Confirm it is you' });
  await proof.getByLabel('Current password', { exact: true }).fill(account.password);
  const since = Date.now();
  await proof.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await waitForCode(phone, 'mfa', since), proof);
  await proof.getByRole('button', { name: 'Continue' }).click();
  await expectAllSet(page);
  await expect(card(page, 'Codes by text or email')).toContainText('Text and email');

  dialog = await openCodes(page);
  const first = dialog.getByRole('group', { name: 'Ask for first at sign-in' });
  await expect(first.getByRole('radio', { name: 'Text message' })).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'profile-codes-dialog');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'profile-codes-dialog-mobile');
  await page.setViewportSize({ width: 1280, height: 720 });
  // click, not check: choosing saves at once and closes the dialog, and check() would wait on the
  // radio's state after it is gone (timed out once when the answer came back first).
  await first.getByRole('radio', { name: 'Email' }).click();
  // A proof is for one change and spent on it (ASVS 3.7.1): this one asks again.
  const again = dialog.getByRole('form', { name: 'Confirm it is you' });
  await again.getByLabel('Current password', { exact: true }).fill(account.password);
  const sinceAgain = Date.now();
  await again.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, await waitForCode(phone, 'mfa', sinceAgain), again);
  await again.getByRole('button', { name: 'Continue' }).click();
  await expectAllSet(page);

  await logout(page);
  const signedInAt = Date.now();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa');
  await expect(page.getByText(/we emailed to/)).toBeVisible();
  await enterCode(page, await waitForCode(account.email, 'mfa', signedInAt));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
});

test('turning text-message codes off asks for the password, then for the code it sends', async ({
  page,
}) => {
  const account = await createAccount();
  const phone = phoneFor();
  await enableCodeMfa(account.email, account.password, { phone, preferred: 'SMS_MFA' });
  await signInWithTextCode(page, account.email, account.password, phone);
  const dialog = await openCodes(page);
  await dialog.getByRole('button', { name: 'Turn off text message codes' }).click();
  const form = dialog.getByRole('form', { name: 'Turn off text message codes' });
  await form.getByLabel('Current password', { exact: true }).fill('Wrong!Pass1');
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(form.getByText('Incorrect old password')).toBeVisible();

  await form.getByLabel('Current password', { exact: true }).fill(account.password);
  const since = Date.now();
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(
    form.getByText(`Enter the 6-digit code we sent by text message to +*******${phone.slice(-4)}.`),
  ).toBeVisible();
  const code = await waitForCode(phone, 'mfa', since);
  await enterCode(page, code === '000000' ? '111111' : '000000', form);
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(
    form.getByText('Code entered does not match what was sent. Try again.'),
  ).toBeVisible();
  await enterCode(page, code, form);
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expectAllSet(page);
  await expect(card(page, 'Codes by text or email')).toContainText('Off');

  await logout(page);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
});

test('a new phone number stops text-message codes until it is verified and they are turned on again', async ({
  page,
}) => {
  const account = await createAccount();
  const phone = phoneFor();
  await enableCodeMfa(account.email, account.password, { phone, preferred: 'SMS_MFA' });
  await signInWithTextCode(page, account.email, account.password, phone);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Phone Number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change phone number' });
  const next = phoneFor();
  await dialog.getByLabel('Phone number', { exact: true }).fill(next.slice(2));
  await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The proof asks for the text-message code, sent to the old number.
  await expect(dialog.getByText(/we sent by text message to/)).toBeVisible();
  await enterCode(page, await waitForCode(phone, 'mfa', since), dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Verify your phone number' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(card(page, 'Codes by text or email')).toContainText('Off');
  // Signing in no longer waits on a code to the unverified number.
  await logout(page);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
});

test('turning the app off says what signing in still asks for when email codes stay on', async ({
  page,
}) => {
  const { email, password } = await createAccount();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  await enableTotp(email, password);
  await cognitoCall('AdminSetUserMFAPreference', {
    UserPoolId: POOL_ID,
    Username: email,
    EmailMfaSettings: { Enabled: true, PreferredMfa: false },
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step verification' });
  await expect(off).toHaveAccessibleDescription(
    'Enter your password and the current code from your authenticator app. After this, signing in still asks for a code by email.',
  );
});
