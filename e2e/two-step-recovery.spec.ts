import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  POOL_ID,
  cognitoCall,
  createAccount,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  expectActivity,
  formAlert,
  logout,
  readOutbox,
  signInWithForm,
  snap,
  test,
  previousTotpCode,
  totpCode,
  waitForCode,
} from './fixtures';

/**
 * A lost authenticator phone (decision 046): recovery codes made at set-up, "Try another way" on
 * the two-step screen, a code and the password to sign in, two-step off, the mailbox told.
 */

/** Sets up the authenticator app through the profile; answers its key and the codes shown. */
async function setUpApp(page: Page, password: string) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-step verification' });
  await setup.getByLabel('Current password', { exact: true }).fill(password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  const secret = (await setup.locator('code').innerText()).replace(/\s/g, '');
  // The code shown as the step turned over (still taken): the current one stays for a sign-in.
  const used = await previousTotpCode(secret, 8_000);
  await enterCode(page, used, setup);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await setup
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  return { secret, used, codes, setup };
}

test('lost phone: a recovery code and the password sign in, turn two-step off, and tell the mailbox; the code works once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await createAccount();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');

  const { codes, setup } = await setUpApp(page, password);
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `two-step-recovery-codes-${width}`);
  }
  // Shown once: a stray Escape asks first, and going back finds them as they were.
  await expect(
    setup.getByRole('status').filter({ hasText: 'Two-step verification is on.' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    setup.getByText("Close without saving your recovery codes? You won't see them again."),
  ).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await setup.getByRole('button', { name: 'Go back' }).click();
  await expect(
    setup.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem'),
  ).toHaveText(codes);
  const download = page.waitForEvent('download');
  await setup.getByRole('button', { name: 'Download codes' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('creator-dashboard-recovery-codes.txt');
  const saved = readFileSync((await file.path())!, 'utf8');
  for (const c of codes) expect(saved).toContain(c);
  await setup.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Recovery codes' })).toContainText(
    '10 of 10 left',
  );
  await logout(page);

  // The phone is gone: the two-step screen offers another way.
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await page.getByRole('link', { name: 'Try another way' }).click();
  await expect(page).toHaveURL('/login/mfa/recovery');
  // One list of choices: with only the app on, a recovery code or help.
  const ways = page.getByRole('list', { name: 'Other ways to sign in' }).getByRole('link');
  await expect(ways).toHaveCount(2);
  await expect(ways.filter({ hasText: 'Get help' })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  await ways.filter({ hasText: 'Use a recovery code' }).click();
  await expect(page).toHaveURL('/login/mfa/recovery?way=code');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `two-step-recovery-sign-in-${width}`);
  }

  // A wrong code is refused, and says so; the password stays a secret.
  await page.getByLabel('Recovery code').fill('AAAAA-AAAAA');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByLabel('Recovery code')).toHaveAccessibleDescription(
    /That recovery code is not right, or it was already used\./,
  );

  const since = Date.now();
  await page.getByLabel('Recovery code').fill(codes[2]!.toLowerCase());
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/profile?review=ways-in&recovered=1');
  await expect(
    page.getByRole('heading', { name: 'You signed in with a recovery code' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'You signed in with a recovery code' }),
  ).toContainText('Two-step verification: off');
  await expect(page.getByRole('button', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Recovery codes' })).toHaveCount(0);
  // The next screen sets it up again, without the password a third time: the key is there.
  const setUpAgain = page.getByRole('region', { name: 'Set up two-step verification again' });
  await expect(setUpAgain.locator('code')).toBeVisible();
  await expect(setUpAgain.getByLabel('Current password')).toHaveCount(0);
  await expectAccessible(page);
  await expect(
    setUpAgain.getByRole('link', { name: 'Not now, go to the dashboard' }),
  ).toHaveAttribute('href', '/');
  await expect
    .poll(async () =>
      (await readOutbox(email)).some(
        (m) =>
          m.purpose === 'security' &&
          (m as { event?: string }).event === 'recovery-code-used' &&
          Date.parse(m.sentAt) >= since - 1000,
      ),
    )
    .toBe(true);
  // Recent activity says how this sign-in was made (decision 058); the set-up waits meanwhile.
  await expectActivity(page, 0, 'Password and a recovery code');
  await page.goto('/profile?review=ways-in&recovered=1');
  await expect(setUpAgain.locator('code')).toBeVisible();

  // Set up again with a new phone; the spent code, and the rest of the old ones, no longer work.
  const again = await setUpApp(page, password);
  await again.setup.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await logout(page);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await page.getByRole('link', { name: 'Try another way' }).click();
  await page.getByRole('link', { name: /^Use a recovery code/ }).click();
  for (const old of [codes[2]!, codes[3]!]) {
    await page.getByLabel('Recovery code').fill(old);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Recovery code')).toHaveAccessibleDescription(
      /That recovery code is not right, or it was already used\./,
    );
  }
});

test('a recovery code with the wrong password signs nobody in', async ({ page }) => {
  const { email, password } = await createAccount();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  const { codes, setup } = await setUpApp(page, password);
  await setup.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await logout(page);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await page.getByRole('link', { name: 'Try another way' }).click();
  await page.getByRole('link', { name: /^Use a recovery code/ }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!Pass99');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
  await expect(page).toHaveURL('/login/mfa/recovery?way=code');
});

test('without a two-step sign-in waiting, the recovery page sends the person to sign in', async ({
  page,
}) => {
  await page.goto('/login/mfa/recovery');
  await expect(page).toHaveURL('/login?reason=expired');
});

test('try another way: with the app asked first and email codes on, an emailed code signs in, and the app stays first', async ({
  page,
}) => {
  const { email, password } = await createAccount();
  const { secret, used } = await enableTotp(email, password);
  await cognitoCall('AdminSetUserMFAPreference', {
    UserPoolId: POOL_ID,
    Username: email,
    EmailMfaSettings: { Enabled: true, PreferredMfa: false },
  });
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await page.getByRole('link', { name: 'Try another way' }).click();
  // Where the code goes, masked as people expect.
  const masked = `${email[0]}•••@${email.split('@')[1]}`;
  const ways = page.getByRole('list', { name: 'Other ways to sign in' }).getByRole('link');
  await expect(ways).toHaveCount(3);
  await expect(ways.nth(0)).toContainText(`Email a code to ${masked}`);
  await expect(page.getByText(email)).toHaveCount(0);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `two-step-another-way-${width}`);
  }
  await ways.nth(0).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Email a code to ${masked}`);
  const other = page.locator('form');
  // A wrong password switches nothing.
  await other.getByLabel('Password', { exact: true }).fill('Wrong!Pass99');
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(formAlert(page)).toHaveText('Email or password is incorrect.');

  const since = Date.now();
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/login/mfa');
  await expect(page.getByText(/Enter the 6-digit code we emailed to/)).toBeVisible();
  await enterCode(page, await waitForCode(email, 'mfa', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // The app is still the one asked for first.
  await logout(page);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await enterCode(page, await totpCode(secret, [used]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  // Recent activity tells the two apart (decision 058).
  await expectActivity(page, 0, 'Password and a code from the authenticator app');
  await expectActivity(page, 1, 'Password and an emailed code');
});

test('try another way with only the app on offers the recovery code and support, no other method', async ({
  page,
}) => {
  const { email, password } = await createAccount();
  await enableTotp(email, password);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await page.getByRole('link', { name: 'Try another way' }).click();
  const ways = page.getByRole('list', { name: 'Other ways to sign in' }).getByRole('link');
  await expect(ways).toHaveCount(2);
  await expect(ways.nth(0)).toContainText('Use a recovery code');
  await expect(ways.nth(1)).toContainText('Get help');
  await expect(ways.nth(1)).toHaveAttribute('href', /^mailto:/);
});

test('an authenticator code used once already says to wait for the next one, and the next one signs in', async ({
  page,
}) => {
  const account = await createAccount();
  // The set-up spent this code: Cognito refuses it again in its window.
  const { secret, used } = await enableTotp(account.email, account.password, {
    proveWith: 'current',
  });
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, used);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText(
      'That code was already used. Wait for the next one from your authenticator app.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, await totpCode(secret, [used]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  // Recent activity says how (decision 058).
  await expectActivity(page, 0, 'Password and a code from the authenticator app');
});
