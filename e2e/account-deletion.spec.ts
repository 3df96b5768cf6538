import {
  createAccount,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  signInWithForm,
  slowSignInPage,
  snap,
  test,
  totpCode,
} from './fixtures';

/** Delete my account (/profile): what happens, the proof, and every session ending. */

test('deleting the account asks for the password, signs out everywhere and leaves no way back in', async ({
  page,
  browser,
}) => {
  test.slow();
  const account = await createAccount();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  const elsewhere = await (await browser.newContext()).newPage();
  await signInWithForm(elsewhere, account.email, account.password);
  await expect(elsewhere).toHaveURL('/');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('kept by the creator system');
  await expect(dialog.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  await snap(page, 'delete-account-dialog');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'delete-account-dialog-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // Nothing typed: the password is asked for; a wrong one is refused and nothing is deleted.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Current password is required')).toBeVisible();
  await dialog.getByLabel('Current password', { exact: true }).fill('Wrong!Pass99');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect old password')).toBeVisible();
  await expect(page).toHaveURL('/profile');

  await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
  await slowSignInPage(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.value && /cd_(session|refresh|device)/.test(c.name))).toEqual([]);

  // The other browser is signed out at its next request.
  await elsewhere.goto('/profile');
  await expect(elsewhere).toHaveURL(/\/login/);
  await elsewhere.context().close();

  // And the account does not sign in any more.
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('form [role="alert"]')).toBeVisible();
});

test('with two-step on, deleting also asks for the current code', async ({ page }) => {
  test.slow();
  const account = await createAccount();
  const { secret, used } = await enableTotp(account.email, account.password);
  const spent = [used];
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa');
  const first = await totpCode(secret, spent);
  spent.push(first);
  await enterCode(page, first);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText(/code/i).first()).toBeVisible();
  await expect(page).toHaveURL('/profile');
  const code = await totpCode(secret, spent);
  await enterCode(page, code, dialog);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
});
