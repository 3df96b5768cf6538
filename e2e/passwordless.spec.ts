import {
  enterCode,
  expect,
  expectAccessible,
  formAlert,
  snap,
  test,
  uniqueEmail,
  waitForCode,
} from './fixtures';

/** Choice-based sign-in (USER_AUTH) without the password: a code Cognito emails. */

test.describe('sign in with an emailed code', () => {
  test('from the sign-in page with the email already typed: a wrong code, Send Again, the right code', async ({
    page,
    account: { email },
  }) => {
    await page.goto('/login');
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
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid verification code.')).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'email-code-wrong-390');

    const again = Date.now();
    await page.getByRole('button', { name: 'Resend Code' }).click();
    await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
    const second = await waitForCode(email, 'sign-in', again);
    expect(second).not.toBe('');
    await enterCode(page, second);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });

  test('an address the creator system does not know is told so, as at password sign-in', async ({
    page,
  }) => {
    const email = uniqueEmail('stranger');
    await page.goto(`/login/email-code?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText('Email not found. For help please contact support.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  });

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
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login?reason=expired');
    await expect(formAlert(page)).toBeVisible();
  });
});
