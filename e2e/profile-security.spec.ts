import { type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  STRONG_PASSWORD,
  WEB_APP_LOG,
  createAccount,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  formAlert,
  signInWithForm,
  snap,
  test,
  totpCode,
} from './fixtures';
import { ALL_SET } from './dashboard-fixtures';

const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const mfaCard = (page: Page) => card(page, 'Two-step verification');

async function signIn(page: Page, email: string, password: string) {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Settings');
}

/** A second, separate browser (another device) signed in to the same account. */
async function otherDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

const wrongCodeFor = (right: string) => (right === '000000' ? '111111' : '000000');

test('two-step verification: set up from the card, sign in with a code, turn it off', async ({
  page,
}) => {
  test.setTimeout(150_000); // waits for fresh 30-second code windows
  const { email, password } = await createAccount();
  await signIn(page, email, password);
  await openProfile(page);
  await expect(mfaCard(page)).toContainText('Off');
  await expect(card(page, 'Signed-in devices')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'profile-security-cards-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-step verification' });
  await expect(
    setup.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const shownKey = (await setup.locator('code').innerText()).trim();
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shownKey.replace(/\s/g, '');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `profile-mfa-setup-${width}`);
  }

  // Nothing typed: the browser asks for the code, in the app's words.
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    setup.getByText('Enter the 6-digit code from your authenticator app.'),
  ).toBeVisible();

  const first = await totpCode(secret);
  await enterCode(page, wrongCodeFor(first), setup);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('Invalid verification code.')).toBeVisible();

  await enterCode(page, first, setup);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  const done = page.getByRole('dialog', { name: ALL_SET });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(mfaCard(page)).toContainText('On');
  await expect(page.getByRole('button', { name: 'Turn off two-step verification' })).toBeFocused();

  // Signing in now asks for a code.
  await page.context().clearCookies();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  const second = await totpCode(secret, [first]);
  await enterCode(page, second);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // Turning off asks for the password and a current code.
  await openProfile(page);
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step verification' });
  await expect(off).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'profile-mfa-off-1280');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    'Current password is required',
  );
  await expect(off.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();

  const third = await totpCode(secret, [first, second]);
  await off.getByLabel('Current password', { exact: true }).fill('Wrong!Pass9');
  await enterCode(page, third, off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(formAlert(page)).toHaveText('Current password is incorrect.');

  await off.getByLabel('Current password', { exact: true }).fill(password);
  await enterCode(page, wrongCodeFor(third), off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('Invalid verification code.')).toBeVisible();

  await off.getByLabel('Current password', { exact: true }).fill(password);
  await enterCode(page, third, off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(mfaCard(page)).toContainText('Off');

  // This session still stands (the proof sign-in's tokens were the ones revoked).
  await page.reload();
  await expect(page).toHaveURL('/profile');

  // And the next sign-in has no challenge.
  await page.context().clearCookies();
  await signIn(page, email, password);

  // The secret was only ever in the dialog.
  expect(readFileSync(WEB_APP_LOG, 'utf8')).not.toContain(secret);
});

test('sign out everywhere: this browser goes to sign-in, and so does the other at its next account page', async ({
  page,
  browser,
}) => {
  const { email, password } = await createAccount();
  const other = await otherDevice(browser, email, password);
  await signIn(page, email, password);
  await openProfile(page);

  const open = page.getByRole('button', { name: 'Sign out everywhere' });
  await open.click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'profile-sign-out-everywhere-1280');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();

  // Keyboard only: open, move to the confirm button, press it.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Sign out everywhere' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login');
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');

  await other.page.goto('/profile');
  await expect(other.page).toHaveURL('/login');
  await other.context.close();
});

async function changePassword(page: Page, from: string, to: string, shot: string) {
  await page.getByRole('button', { name: 'Edit Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill(from);
  await dialog.getByLabel('New password', { exact: true }).fill(to);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(to);
  const others = dialog.getByRole('checkbox', { name: 'Sign out other devices' });
  await expect(others).not.toBeChecked();
  await others.check();
  await expectAccessible(page);
  await snap(page, shot);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return page.getByRole('dialog', { name: ALL_SET });
}

test('password change with "Sign out other devices" keeps this session and ends the others', async ({
  page,
  browser,
}) => {
  const { email, password } = await createAccount();
  const other = await otherDevice(browser, email, password);
  await signIn(page, email, password);
  await openProfile(page);

  const fresh = 'Brand!New77';
  const done = await changePassword(page, password, fresh, 'profile-password-sign-out-others');
  await expect(done).toBeVisible();
  await expect(done).toHaveAccessibleDescription(
    'Your other devices are signed out. You are still signed in here.',
  );
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // This one is still signed in, confirmed with Cognito on the account page.
  await page.reload();
  await expect(page).toHaveURL('/profile');
  await page.goto('/');
  await expect(page).toHaveURL('/');

  await other.page.goto('/profile');
  await expect(other.page).toHaveURL('/login');
  await other.context.close();

  await page.context().clearCookies();
  await signIn(page, email, fresh);
});

test('with two-step verification on, signing out other devices ends this session too, and says so', async ({
  page,
}) => {
  test.setTimeout(90_000); // waits for a fresh 30-second code window
  const { email, password } = await createAccount({ password: STRONG_PASSWORD });
  const { secret, used } = await enableTotp(email, password);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, await totpCode(secret, [used]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await openProfile(page);

  const done = await changePassword(
    page,
    password,
    'Brand!New77',
    'profile-password-sign-out-others-mfa',
  );
  await expect(done).toBeVisible();
  await expect(done).toHaveAccessibleDescription(/and so is this one/);
  await expectAccessible(page);
  await snap(page, 'profile-all-set-signed-out-here-too');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
});
