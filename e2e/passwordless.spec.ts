import {
  POOL,
  POOL_ID,
  STRONG_PASSWORD,
  cognitoCall,
  createAccount,
  createCreator,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  expectActivity,
  formAlert,
  hydrated,
  readOutbox,
  snap,
  test,
  uniqueEmail,
  waitForCode,
  resendNow,
} from './fixtures';
import { addPasskeyOnProfile, virtualAuthenticator } from './passkeys';

/** Choice-based sign-in (USER_AUTH) without the password: a code Cognito emails. */

test.describe('sign in with an emailed code', () => {
  test('from the sign-in page with the email already typed: a wrong code, Send Again, the right code', async ({
    page,
    account: { email },
  }) => {
    await page.clock.install();
    await page.goto('/login');
    // The link takes the typed email along once the page's scripts run (before, it goes without).
    await hydrated(page, 'form button[type="submit"]');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Email me a sign-in code' }).click();
    await expect(page).toHaveURL(`/login/email-code?email=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expectAccessible(page);

    const since = Date.now();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    const first = await waitForCode(email, 'sign-in', since);

    await enterCode(page, first === '111111' ? '222222' : '111111');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(
      page.getByText('Code entered does not match what was emailed. Try again.'),
    ).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'email-code-wrong-390');

    const again = Date.now();
    await resendNow(page, page.getByRole('button', { name: 'Resend Code' }));
    await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
    const second = await waitForCode(email, 'sign-in', again);
    expect(second).not.toBe('');
    await enterCode(page, second);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    // Recent activity says how (decision 058).
    await expectActivity(page, 0, 'With an emailed code');
  });

  test(
    'an address the creator system does not know is told so, as at password sign-in',
    { tag: '@one-instance' },
    async ({ page }) => {
      const email = uniqueEmail('stranger');
      await page.goto(`/login/email-code?email=${encodeURIComponent(email)}`);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await expect(
        page.getByText('Email not found. For help please contact support.'),
      ).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    },
  );

  test('a code page left open past its challenge goes back to sign-in, told why', async ({
    page,
    account: { email },
  }) => {
    await page.goto(`/login/email-code?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    // The challenge cookie is gone (it lives 3 minutes, as Cognito's session does).
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await page.context().addCookies(cookies.filter((c) => c.name !== 'cd_challenge'));
    await enterCode(page, '123456');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/login?reason=expired');
    await expect(formAlert(page)).toBeVisible();
  });
});

test.describe('passkeys', () => {
  test('add one on the profile, sign in with it, remove it, and it no longer signs in', async ({
    signedInPage: page,
    account: { email, password },
  }) => {
    // Two ceremonies, three sign-ins and axe: a long walk on a busy machine.
    test.setTimeout(90_000);
    await virtualAuthenticator(page);
    await page.goto('/profile');
    await expect(page.getByRole('listitem').filter({ hasText: 'Passkeys' })).toContainText(
      'None yet',
    );
    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkeys' });
    await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    // A fresh sign-in is no proof: the password, every time (decision 030).
    await dialog.getByLabel('Current password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // Named right away: from the browser and system that made it, until the creator says.
    await expect(dialog.getByRole('status')).toContainText('Passkey added.');
    const named = dialog.getByLabel('Passkey name');
    await expect(named).toHaveValue(/^Chrome on /);
    await expectAccessible(page, '[role="dialog"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'passkey-name-after-add-390');
    await page.setViewportSize({ width: 1280, height: 720 });
    await named.fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    const done = page.getByRole('dialog', { name: /All Set/ });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Passkeys' })).toContainText(
      '1 passkey',
    );
    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    const made = dialog.getByRole('listitem');
    await expect(made).toContainText('Work laptop');
    await expect(made).toContainText(/Chrome on /);
    await expect(made).toContainText('Made on this device');
    await page.keyboard.press('Escape');

    // Signed out, the passkey signs in for the typed email.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

    // Removed, it signs in no more.
    await expectActivity(page, 0, 'With a passkey');
    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    await dialog.getByRole('button', { name: /^Remove / }).click();
    await expect(dialog.getByText(/won't be able to sign in with it/)).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'passkey-remove-390');
    await dialog.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(formAlert(page)).toHaveText(
      'No passkey can sign in to this account yet. Sign in with your password, then see Passkeys in your profile.',
    );
  });

  test('a passkey is dated, renamed by the creator, and dated again by its sign-in', async ({
    signedInPage: page,
    account: { email, password },
  }) => {
    test.setTimeout(90_000);
    await virtualAuthenticator(page);
    await addPasskeyOnProfile(page, password);

    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkeys' });
    const row = dialog.getByRole('listitem');
    await expect(row).toContainText('Not used to sign in yet');
    await dialog.getByRole('button', { name: /^Rename / }).click();
    const field = dialog.getByLabel('Passkey name');
    await expect(field).toBeFocused();
    await field.fill('');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await field.fill('Work laptop');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(row.getByText('Work laptop', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rename Work laptop' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    await expect(row).toContainText('Work laptop');
    await expect(row).toContainText(/Last used [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'passkey-list-390');
  });

  test(
    'a passkey prompt that ends without one says so and leaves the typed email',
    { tag: '@one-instance' },
    async ({ page, account: { email } }) => {
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      // A passkey for this account exists, made through the profile's own path.
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL('/');
      await addPasskeyOnProfile(page, STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login');

      // This device no longer holds it (another device's passkey, or the person says no): the
      // browser's prompt ends without an assertion.
      await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(formAlert(page)).toHaveText(
        'Signing in with a passkey was cancelled or timed out. Please try again, or use your password.',
        { timeout: 20_000 },
      );
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    },
  );
});

test(
  'a browser without passkeys sees no passkey controls, and nothing breaks',
  { tag: '@one-instance' },
  async ({ page, account: { email, password } }) => {
    await page.addInitScript(() => {
      // As in a browser without WebAuthn.
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Email me a sign-in code' })).toBeVisible();
    // The form knows the browser once its code is in, at the first reach (decision 061).
    await hydrated(page, 'form button[type="submit"]');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Manage passkeys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passkeys' });
    await expect(
      dialog.getByText("This browser can't create passkeys.", { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
  },
);

test('an account with two-step on is answered as any other; its owner is told by email why no code came', async ({
  page,
}) => {
  const account = await createAccount();
  await enableTotp(account.email, account.password);
  const since = Date.now();
  await page.goto('/login/email-code');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  // The page cannot tell this account from one that was sent a code.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect
    .poll(async () =>
      (await readOutbox(account.email)).some(
        (m) =>
          m.purpose === 'security' &&
          (m as { event?: string }).event === 'email-code-two-step' &&
          Date.parse(m.sentAt) >= since - 1000,
      ),
    )
    .toBe(true);
  expect(
    (await readOutbox(account.email)).filter(
      (m) => m.purpose === 'sign-in' && Date.parse(m.sentAt) >= since - 1000,
    ),
  ).toEqual([]);
  // Every code is a wrong one, as for a code that was sent.
  await enterCode(page, '123456');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(
    page.getByText('Code entered does not match what was emailed. Try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login\/email-code/);
});

test('whatever keeps an emailed code from an account, the answer is the same', async ({ page }) => {
  const UNAVAILABLE =
    "Email sign-in codes aren't available for this account. Please sign in with your password.";
  const disabled = await createAccount();
  await cognitoCall('AdminDisableUser', { UserPoolId: POOL_ID, Username: disabled.email });
  const emails = [disabled.email];
  // A pool that hides unknown users answers for a missing account as if it sent a code.
  if (!POOL.hidesUnknownUsers) emails.push((await createCreator()).email);
  for (const email of emails) {
    await page.goto('/login/email-code');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(formAlert(page), email).toHaveText(UNAVAILABLE);
  }
});

test(
  'a passkey sign-in for an address the creator system does not know offers the support link, as the password does',
  { tag: '@one-instance' },
  async ({ page }) => {
    const email = uniqueEmail('stranger');
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const field = page.getByLabel('Email', { exact: true });
    await expect(field).toHaveAccessibleDescription(
      /Email not found\. For help please contact support\./,
    );
    await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    // Another address: the message was about the first one.
    await field.fill(uniqueEmail('other'));
    await expect(page.getByRole('link', { name: 'contact support' })).toHaveCount(0);
  },
);
