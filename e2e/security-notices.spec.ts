import {
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  readOutbox,
  signInWithForm,
  snap,
  test,
  totpCode,
  waitForCode,
} from './fixtures';

// Security notices (decision 032): the account's address hears of every way in added or changed,
// with a "this wasn't me" link that ends every session and asks for a reset.

test('a password change is told to the account, and "this wasn\'t me" ends every session and leads to a reset', async ({
  page,
  browser,
  account: { email, password },
}) => {
  // Someone else signed in with the password.
  const other = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '2001:db8::bad:1' },
  });
  const intruder = await other.newPage();
  await signInWithForm(intruder, email, password);
  await expect(intruder).toHaveURL('/');
  // ...and changed it.
  await intruder.goto('/profile');
  await intruder.getByRole('button', { name: 'Edit Password' }).click();
  const dialog = intruder.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await dialog.getByLabel('New password', { exact: true }).fill('Stolen!Pass77');
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('Stolen!Pass77');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(intruder.getByRole('dialog', { name: /All Set/ })).toBeVisible();

  // The owner's mailbox: a notice of the change, from the browser and address it came from.
  let notice: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(async () => {
      notice = (await readOutbox(email)).find(
        (m) => m.purpose === 'security' && m.event === 'password-changed',
      );
      return notice?.link ?? null;
    })
    .toMatch(/\/not-me\?t=/);
  const sign = (await readOutbox(email)).filter((m) => m.purpose === 'security');
  expect(sign.map((m) => m.event)).toContain('password-changed');

  // "This wasn't me": a page with a button (a link alone changes nothing).
  await page.goto(notice!.link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Secure your account');
  // The address as its owner recognises it, and no more: anyone may hold a forwarded mail.
  await expect(
    page.getByText(`We'll sign ${email[0]}•••@${email.split('@')[1]} out`),
  ).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expectAccessible(page);
  await snap(page, 'not-me');
  await intruder.goto('/profile');
  await expect(intruder).toHaveURL('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // Once: the same link again ends nothing more, and says it was used.
  await page.goto(notice!.link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('This link has been used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);

  // The intruder's session is over at its next account page.
  await intruder.goto('/profile');
  await expect(intruder).toHaveURL(/\/login/);
  await other.close();
});

test('a "this wasn\'t me" link that is altered or incomplete changes nothing and says what to do', async ({
  page,
}) => {
  await page.goto('/not-me?t=Fe26.2**forged');
  await expect(page.getByText('This link has expired or is not complete.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'reset your password' })).toBeVisible();
});

test('adding a passkey, an authenticator or a code method and a new browser are each told to the account', async ({
  signedInPage: page,
  account: { email },
}) => {
  // The sign-in of this browser (a new device) was told.
  await expect
    .poll(async () =>
      (await readOutbox(email))
        .filter((m) => m.purpose === 'security')
        .map((m) => m.event)
        .some((e) => e === 'new-device-sign-in' || e === 'device-remembered'),
    )
    .toBe(true);
  // Turning on emailed two-step codes is told too.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Manage codes by text or email' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Turn on.*email/i }).click();
  await expect
    .poll(async () =>
      (await readOutbox(email)).some(
        (m) => m.purpose === 'security' && m.event === 'code-method-added',
      ),
    )
    .toBe(true);
});

test('a reset of an account with an authenticator app ends on the review too, after its code', async ({
  page,
  account: { email, password },
}) => {
  const { secret, used } = await enableTotp(email, password);
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await enterCode(page, await waitForCode(email, 'forgot-password', since));
  await page.getByLabel('New password', { exact: true }).fill('Another!Pass9');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, await totpCode(secret, [used]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/profile?review=ways-in');
  await expect(
    page.getByRole('region', { name: /Check the ways into your account/ }),
  ).toContainText('Two-step verification: an authenticator app');
});
