import type { Browser, Page } from '@playwright/test';
import {
  STRONG_PASSWORD,
  continueWithGoogle,
  createCreator,
  enterCode,
  expect,
  formAlert,
  readOutbox,
  signInWithForm,
  test,
  waitForCode,
} from './fixtures';

// Someone signs up a known creator's email with a password of their own and never confirms it.
// Whoever proves the address later owns the account, and nothing the first person chose survives
// (docs/decisions/030-whoever-proves-the-address.md).

const INTRUDER_PASSWORD = 'Intruder!Pass9';
const UNFINISHED =
  "This email's sign-up was never finished. Sign up again to choose your password.";

async function preRegister(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(INTRUDER_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(INTRUDER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/verify-email');
  return { page, close: () => context.close() };
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a pre-registered account: no emailed code or reset confirms it; the creator signs up over it and the first password is gone', async ({
  page,
  browser,
}) => {
  const { email } = await createCreator();
  const intruder = await preRegister(browser, email);

  // The creator asks for an emailed sign-in code: none is sent, and the way forward is sign-up.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
  await expect(page).toHaveURL(/\/login\/email-code/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(formAlert(page)).toHaveText(UNFINISHED);
  expect((await readOutbox(email)).filter((m) => m.purpose === 'sign-in')).toHaveLength(0);

  // A reset does not lead to the sign-up code (which would confirm the first password) either.
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(formAlert(page)).toHaveText(UNFINISHED);
  await page.getByRole('link', { name: 'Sign up again' }).click();
  await expect(page).toHaveURL(`/register?email=${encodeURIComponent(email)}`);

  // Sign-up replaces the unfinished account; its code confirms the creator's own password.
  const since = Date.now();
  await signUp(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL('/verify-email');
  await enterCode(page, await waitForCode(email, 'signup', since));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`, { timeout: 8000 });
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');

  // The first person's password signs in no more, and their pending code page leads nowhere.
  await signInWithForm(intruder.page, email, INTRUDER_PASSWORD);
  await expect(formAlert(intruder.page)).toBeVisible();
  await expect(intruder.page).toHaveURL(/\/login/);
  await intruder.close();
});

test('Google proves the address: an unfinished sign-up for it is removed, not refused as a password account', async ({
  page,
  browser,
}) => {
  const { email } = await createCreator();
  const intruder = await preRegister(browser, email);
  await intruder.close();
  await page.goto('/login');
  await continueWithGoogle(page, email);
  await expect(page).toHaveURL('/');
  // The first password is no way in: the account it belonged to is gone.
  await page.context().clearCookies();
  await signInWithForm(page, email, INTRUDER_PASSWORD);
  await expect(formAlert(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
