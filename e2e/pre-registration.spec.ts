import type { Browser, Page } from '@playwright/test';
import {
  CREATOR_API,
  STRONG_PASSWORD,
  continueWithGoogle,
  createCreator,
  enterCode,
  expect,
  forgetSession,
  formAlert,
  readOutbox,
  signInWithForm,
  test,
  uniqueEmail,
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
  // Two browsers, a sign-up with its code and three sign-in attempts: a long walk on a busy machine.
  test.setTimeout(90_000);
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
  // The first password is no way in: the account it belonged to is gone. (Leaving the dashboard
  // first: its embed, asking for a token without cookies, would go to /login mid-navigation.)
  await forgetSession(page);
  await signInWithForm(page, email, INTRUDER_PASSWORD);
  await expect(formAlert(page)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('after an email change the old address finds no channel: a sign-up or Google with it is refused', async ({
  signedInPage: page,
  account: { email, password },
  browser,
}) => {
  test.setTimeout(90_000);
  // The creator moves their sign-in to a new address.
  const fresh = uniqueEmail('moved');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Email Address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Change email address' });
  await dialog.getByLabel('Email', { exact: true }).fill(fresh);
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Save' }).click();
  dialog = page.getByRole('dialog', { name: 'Verify your new email' });
  await enterCode(page, await waitForCode(fresh, 'verify-email', since), dialog);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: /All Set/ })).toBeVisible();

  // The creator system now lists the channel under the new address only.
  const found = (query: string) =>
    fetch(`${CREATOR_API}/organizations/revolt/users/search?query=${encodeURIComponent(query)}`)
      .then((r) => r.json() as Promise<{ id: string; email: string }[]>)
      .then((list) => list.filter((c) => c.email === query).map((c) => c.id));
  await expect.poll(() => found(email)).toEqual([]);
  expect(await found(fresh)).toHaveLength(1);

  // Whoever holds the old address cannot make a second account on the channel.
  const other = await browser.newContext();
  const intruder = await other.newPage();
  await signUp(intruder, email, INTRUDER_PASSWORD);
  await expect(
    intruder.getByText('Email not found. For help please contact support.'),
  ).toBeVisible();
  await intruder.goto('/login');
  await continueWithGoogle(intruder, email);
  await expect(intruder).toHaveURL(/\/login/);
  await other.close();
});
