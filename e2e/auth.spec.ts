import {
  DEMO,
  POOL_ID,
  cognitoCall,
  STRONG_PASSWORD,
  createAccount,
  createCreator,
  enableCodeMfa,
  enterCode,
  expect,
  expectAccessible,
  formAlert,
  hydrated,
  readOutbox,
  setTokenTtl,
  setUserAttributes,
  signInWithForm,
  snap,
  test,
  uniqueEmail,
  waitForCode,
  resendNow,
} from './fixtures';
import { POOL } from './pool';
import { CONNECTION_FAILED } from './dashboard-fixtures';

test.describe('register and confirm', () => {
  test(
    'a creator signs up, confirms by code, is forwarded to sign in, and signs in',
    { tag: '@pool' },
    async ({ page, browser }) => {
      const { email } = await createCreator();
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
      await page.getByLabel('Email', { exact: true }).fill(`  ${email.toUpperCase()} `);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
      const since = Date.now();
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(page).toHaveURL('/verify-email');
      await expect(page.getByText(email)).toBeVisible();
      // The page survives a reload: the pending email is kept server-side.
      await page.reload();
      await expect(page.getByText(email)).toBeVisible();
      await expectAccessible(page);

      const code = await waitForCode(email, 'signup', since);
      await enterCode(page, code);
      await page.getByRole('button', { name: 'Verify email' }).click();
      await expect(
        page.getByText('Email verification successful, forwarding you to login page...'),
      ).toBeVisible();
      await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`, { timeout: 8000 });
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL('/');

      // The browser that confirmed the account is the owner's: its first sign-in is no "new
      // browser". Another browser's is, and once that notice is in, the first one would be too.
      if (!POOL.tracksDevices) return;
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      await signInWithForm(await other.newPage(), email, STRONG_PASSWORD);
      const newBrowser = async () =>
        (await readOutbox(email)).filter((m) => m.event === 'new-device-sign-in').length;
      await expect.poll(newBrowser).toBeGreaterThan(0);
      expect(await newBrowser()).toBe(1);
      await other.close();
    },
  );

  test('a new creator is greeted by the name the creator system has for them', async ({ page }) => {
    const { email } = await createCreator(uniqueEmail('named'), 'Jordan McAllister-Rivers');
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
    const since = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/verify-email');
    await enterCode(page, await waitForCode(email, 'signup', since));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`, { timeout: 8000 });
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('user-name')).toHaveText('Jordan McAllister-Rivers');
    // The first letters of the first and last words: a hyphenated name is one word.
    await expect(page.getByTestId('user-initials')).toHaveText('JM');
  });

  test(
    'shows every validation message at once and keeps what was typed',
    { tag: '@one-instance' },
    async ({ page }) => {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Email address is required')).toBeVisible();
      await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
      await expect(page.getByText('Verify password is required')).toBeVisible();

      await page.getByLabel('Email', { exact: true }).fill('1abc@site');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm password', { exact: true }).fill('abd');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
      for (const m of [
        'Password must include at least one uppercase letter.',
        'Password must include at least one number.',
        'Password must include at least one special character.',
        'Password must be at least 8 characters long.',
        'Passwords must match.',
      ]) {
        await expect(page.getByText(m)).toBeVisible();
      }
      // Errors are tied to their fields for screen readers.
      const email = page.getByLabel('Email', { exact: true });
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
      await expect(email).toHaveValue('1abc@site');
      await expectAccessible(page);
    },
  );

  test(
    'blocks spaces in passwords and toggles their visibility',
    { tag: '@one-instance' },
    async ({ page }) => {
      await page.goto('/register');
      const password = page.getByLabel('Password', { exact: true });
      await password.pressSequentially('ab c d');
      await expect(password).toHaveValue('abcd');
      await expect(password).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: 'Show password' }).click();
      await expect(password).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      await expect(password).toHaveAttribute('type', 'password');
    },
  );

  test(
    'an email the creator system does not know gets the support link',
    { tag: '@one-instance' },
    async ({ page }) => {
      const email = uniqueEmail('stranger');
      await page.goto('/register');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(
        page.getByText('Email not found. For help please contact support.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute(
        'href',
        'mailto:support@creator.test',
      );
      // What was typed survives, except the passwords.
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    },
  );

  test(
    'an existing account is told to log in',
    { tag: '@one-instance' },
    async ({ page, account: { email } }) => {
      await page.goto('/register');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByLabel('Confirm password', { exact: true }).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(
        page.getByText('Looks like you already have an account. Please log in.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'log in' }).click();
      await expect(page).toHaveURL(`/login?email=${encodeURIComponent(email)}`);
    },
  );

  test(
    'an invitation link prefills a read-only email',
    { tag: '@one-instance' },
    async ({ page }) => {
      await page.goto('/register?email=Invited%40Creator.test');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activate your account');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('invited@creator.test');
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await snap(page, `register-activate-${width}`);
      }
    },
  );
});

test.describe('verify email', () => {
  test(
    'without a pending sign-up the page goes to /login',
    { tag: '@one-instance' },
    async ({ page }) => {
      await page.goto('/verify-email');
      await expect(page).toHaveURL('/login');
    },
  );

  test(
    'wrong code, digits only, paste, and resend',
    { tag: ['@pool', '@one-instance'] },
    async ({ page }) => {
      const { email } = await createAccount({ confirmed: false });
      await page.clock.install();
      // Signing in unconfirmed leads here with a fresh code (docs/product.md §8).
      await signInWithForm(page, email, STRONG_PASSWORD);
      await expect(
        page.getByText('Your account has not been confirmed yet. Click here to verify your email.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Click here' }).click();
      await expect(page).toHaveURL('/verify-email');

      await page.getByRole('button', { name: 'Verify email' }).click();
      await expect(
        page
          .getByText('Verification code must be 6 digits long')
          .or(page.getByText('Enter the 6-digit verification code sent to your email.').last()),
      ).toBeVisible();

      const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
      await first.click();
      await page.keyboard.type('x');
      await expect(page.getByText('Only digits are allowed')).toBeVisible();

      // Wrong for certain: not the code the outbox holds now (the newest one is the live one).
      const live = (await readOutbox(email)).find((m) => m.purpose === 'signup')?.code;
      await enterCode(page, live === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify email' }).click();
      await expect(
        page.getByText('Code entered does not match what was emailed. Try again.'),
      ).toBeVisible();
      await snap(page, 'verify-email-wrong-code');

      // The code just sent has time to arrive: Resend Code counts down first.
      const resend = page.getByRole('button', { name: 'Resend Code' });
      await expect(resend).toBeDisabled();
      await expect(page.getByText(/^in \d+ s$/)).toBeVisible();
      const since = Date.now();
      await resendNow(page, resend);
      await expect(page.getByText(`We sent a new code to ${email}.`)).toBeVisible();
      // And again after the new one.
      await expect(resend).toBeDisabled();
      const code = await waitForCode(email, 'signup', since);

      // Paste strips non-digits and takes at most six.
      await first.focus();
      await page.evaluate(
        (text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          document.activeElement!.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        },
        `${code.slice(0, 3)}-${code.slice(3)}99`,
      );
      for (let i = 0; i < 6; i++) {
        await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(
          code[i]!,
        );
      }
      // Backspace and arrows move between boxes.
      await page.keyboard.press('Backspace');
      await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('');
      await page.keyboard.type(code[5]!);
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('textbox', { name: 'Digit 5 of 6' })).toBeFocused();

      await expectAccessible(page);
      await page.getByRole('button', { name: 'Verify email' }).click();
      await expect(
        page.getByText('Email verification successful, forwarding you to login page...'),
      ).toBeVisible();
    },
  );
});

test.describe('sign in', () => {
  test('the demo creator signs in and out; the guard follows', async ({ page, context }) => {
    // Axe, a sign-in, every signed-in page, two logouts and a second tab: a long walk on a busy
    // machine.
    test.setTimeout(90_000);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creator Dashboard');
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await snap(page, `login-${width}`);
    }

    await signInWithForm(page, ` ${DEMO.email.toUpperCase()} `, DEMO.password);
    await expect(page).toHaveURL('/');
    // Tokens stay server-side: httpOnly cookies only, nothing readable by scripts.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const cookies = await context.cookies();
    expect(
      cookies
        .filter((c) => c.name.startsWith('cd_'))
        .every((c) => c.httpOnly && c.sameSite === 'Lax'),
    ).toBe(true);
    // No Cognito token (RS256 JWTs) in the HTML; the embed token for the frame is the only JWT there.
    expect(await page.content()).not.toContain('eyJhbGciOiJSUzI1Ni');

    // Public-only pages send signed-in people home.
    for (const path of ['/login', '/register', '/forgot-password', '/verify-email']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('a session replayed after logout is refused', async ({
    signedInPage: page,
    account: { email },
    context,
    browser,
  }) => {
    const stolen = await context.cookies();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');

    // RevokeToken ended the refresh token: even with the old refresh cookie alone and an expired
    // access token, the refresh fails and the session is cleared.
    await setTokenTtl(email, { accessTokenTtl: 1 });
    const other = await browser.newContext();
    await other.addCookies(stolen.filter((c) => c.name === 'cd_refresh'));
    const p2 = await other.newPage();
    await p2.goto('/');
    await expect(p2).toHaveURL('/login');
    await other.close();
  });

  test('a request still under way at logout cannot bring the session back', async ({
    signedInPage: page,
    context,
  }) => {
    // A request that left before the logout (a prefetch of /profile, which asks the pool and
    // rewrites the session cookie) may answer after it: its cookie lands on top of the cleared one.
    const before = await context.cookies();
    const late = before.filter((c) => c.name === 'cd_session' || c.name === 'cd_refresh');
    expect(late).toHaveLength(2);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/login');
    await context.addCookies(late);

    // The server itself refuses them: no signed-in page is sent, to leave on its own later.
    for (const path of ['/', '/profile']) {
      const response = await page.goto(path);
      expect(new URL(response!.url()).pathname, path).toBe('/login');
      await expect(page, path).toHaveURL('/login');
    }
    await context.addCookies(late);
    const token = await page.request.get('/api/embed-token?path=%2F');
    expect(token.status()).toBe(401);
  });

  test(
    'a form sent before its scripts ran is answered on the same page, the email kept',
    { tag: '@one-instance' },
    async ({ browser, account: { email } }) => {
      // No script at all: the browser posts the form itself, as it does when a person is faster
      // than the page's scripts.
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong!Pass1');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
      await context.close();
    },
  );

  test('wrong password, unknown creator, empty password', async ({ page, account: { email } }) => {
    await signInWithForm(page, email, 'Wrong!Pass1');
    await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

    await signInWithForm(page, uniqueEmail('nobody'), 'Whatever!1');
    await expect(page.getByText('Email not found. For help please contact support.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      'Password is required',
    );
  });

  test(
    'an expired access token is refreshed without the person noticing',
    { tag: '@pool' },
    async ({ page, account: { email, password } }) => {
      await setTokenTtl(email, { accessTokenTtl: 2, idTokenTtl: 2 });
      await signInWithForm(page, email, password);
      await expect(page).toHaveURL('/');
      await page.waitForTimeout(2500);
      await page.goto('/');
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    },
  );

  test(
    'an unverified email gets a dialog that cannot be closed until verified',
    { tag: '@one-instance' },
    async ({ page }) => {
      const { email, password } = await createAccount({ name: 'dana scully' });
      await setUserAttributes(email, { email_verified: 'false' });
      const since = Date.now();
      await signInWithForm(page, email, password);
      await expect(page).toHaveURL('/');
      const dialog = page.getByRole('dialog', { name: 'Verify your email' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await page.mouse.click(5, 5);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, 'verify-dialog-390');

      const code = await waitForCode(email, 'verify-email', since);
      await enterCode(page, code, dialog);
      await dialog.getByRole('button', { name: 'Verify email' }).click();
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );

  test('the verify dialog signs out with the same word as the side menu', async ({ page }) => {
    const { email, password } = await createAccount();
    await setUserAttributes(email, { email_verified: 'false' });
    await signInWithForm(page, email, password);
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('forgot password', () => {
  test('Forgot Password? carries the typed email; the code step survives a reload, and another email can start over', async ({
    page,
    account: { email },
  }) => {
    await page.goto('/login');
    // The link takes the typed email once the form's code is in (decision 061); pressed before,
    // it is the plain link to /forgot-password (the cluster's slower start showed it once).
    await hydrated(page, 'form button[type="submit"]');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(`/forgot-password?email=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Use another email' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  });

  test(
    'request a code, confirm with a new password, and be signed in',
    { tag: '@pool' },
    async ({ page, account: { email, password } }) => {
      // Two codes, axe three times, two sign-ins: a long walk on a busy machine.
      test.setTimeout(90_000);
      await page.goto('/forgot-password');
      await expectAccessible(page);
      await page.getByLabel('Email', { exact: true }).fill(email);
      const since = Date.now();
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      const code = await waitForCode(email, 'forgot-password', since);

      await enterCode(page, code === '111111' ? '222222' : '111111');
      await page.getByLabel('New password', { exact: true }).fill('Another!Pass9');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass8');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Passwords must match.')).toBeVisible();
      await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass9');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Invalid verification code.')).toBeVisible();
      await expectAccessible(page);
      await snap(page, 'forgot-confirm-wrong-code');

      await enterCode(page, code);
      await page.getByLabel('New password', { exact: true }).fill('Another!Pass9');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass9');
      await page.getByRole('button', { name: 'Reset password' }).click();
      // Signed in, with every way into the account listed to review (decision 032).
      await expect(page).toHaveURL('/profile?review=ways-in');
      const review = page.getByRole('region', { name: /Check the ways into your account/ });
      await expect(review).toContainText('0 passkeys');
      await expect(review).toContainText('Two-step verification: off');
      await expectAccessible(page);
      await snap(page, 'reset-ways-in-review');
      // The account's address hears of it, with a way to say it was not them.
      const notice = (await readOutbox(email)).find(
        (m) => m.purpose === 'security' && m.event === 'password-reset',
      );
      expect(notice?.link).toMatch(/\/not-me\?t=/);

      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL('/login');
      await signInWithForm(page, email, password);
      await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
    },
  );

  test(
    'a reset ends every other session of the account; the new one works',
    { tag: '@pool' },
    async ({ page, browser, account: { email, password } }) => {
      // The thief's browser, signed in with the old password.
      const other = await browser.newContext({
        extraHTTPHeaders: { 'x-forwarded-for': '2001:db8::7e57:1' },
      });
      const thief = await other.newPage();
      await signInWithForm(thief, email, password);
      await expect(thief).toHaveURL('/');

      await page.goto('/forgot-password');
      await page.getByLabel('Email', { exact: true }).fill(email);
      const since = Date.now();
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      await enterCode(page, await waitForCode(email, 'forgot-password', since));
      await page.getByLabel('New password', { exact: true }).fill('Another!Pass9');
      await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass9');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await expect(page).toHaveURL('/profile?review=ways-in');

      // The old session is over at its next account page; the owner's new one stands.
      await thief.goto('/profile');
      await expect(thief).toHaveURL('/login');
      await other.close();
      await page.goto('/profile');
      await expect(page).toHaveURL('/profile');
    },
  );

  test('an account without a verified email cannot reset', async ({ page, account: { email } }) => {
    await setUserAttributes(email, { email_verified: 'false' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    if (POOL.hidesUnknownUsers) {
      // A pool that hides users answers as if a code went out (developer guide, "Managing user
      // existence error responses"): the page promises none, as for an unknown address.
      await expect(page.getByText(`If ${email} has an account, we sent it a code.`)).toBeVisible();
      return;
    }
    await expect(
      page.getByText(
        "We couldn't find an active account associated with that email. If you need help, just email us.",
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'email us' })).toHaveAttribute(
      'href',
      'mailto:support@creator.test',
    );
  });

  test('with two-step codes by email, the reset code goes by text to the verified phone, and the page says so', async ({
    page,
    account: { email, password },
  }) => {
    // AccountRecoverySettingType: "Email MFA is also disqualifying for account recovery with
    // email"; the template's second mechanism is a verified phone.
    const phone = `+1555${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    await setUserAttributes(email, { phone_number: phone, phone_number_verified: 'true' });
    await enableCodeMfa(email, password, { byEmail: true, preferred: 'EMAIL_OTP' });
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    await expect(
      page.getByText(
        `We sent a code by text message to +*******${phone.slice(-4)}, the phone on ${email}.`,
      ),
    ).toBeVisible();
    const code = await waitForCode(phone, 'forgot-password', since);
    expect((await readOutbox(email)).filter((m) => m.purpose === 'forgot-password')).toEqual([]);
    await expectAccessible(page);
    await snap(page, 'forgot-confirm-texted');
    await enterCode(page, code);
    await page.getByLabel('New password', { exact: true }).fill('Another!Pass9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Another!Pass9');
    await page.getByRole('button', { name: 'Reset password' }).click();
    // Reset; the sign-in that follows asks for the emailed two-step code.
    await expect(page).toHaveURL('/login/mfa');
  });
});

test.describe('accounts the creator system does not list under this email', () => {
  test(
    'sign in still works after the email changed (the creator system keeps the old one)',
    { tag: '@one-instance' },
    async ({ page }) => {
      const { email } = await createAccount({
        email: uniqueEmail('moved'),
        channelId: 'cm-demo-0001',
      });

      await signInWithForm(page, email, 'Wrong!Pass1');
      await expect(
        page.getByText('Email not found. For help please contact support.'),
      ).toBeVisible();
      await signInWithForm(page, email, STRONG_PASSWORD);
      await expect(page).toHaveURL('/');
    },
  );

  test(
    'a deleted account is told so on the way out of an account page',
    { tag: '@one-instance' },
    async ({ signedInPage: page, account: { email } }) => {
      // The dashboard has its token: nothing of its own asks the server again during the test.
      await expect(page.locator('iframe[title^="Embedded dashboard"]')).toBeVisible();
      await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });
      await page.goto('/profile');
      await expect(page).toHaveURL('/login?reason=no-account');
      await expect(formAlert(page)).toHaveText('No account found with this username.');
    },
  );

  test('whichever request finds the account gone, the next page says why', async ({
    signedInPage: page,
    account: { email },
  }) => {
    // The dashboard has its token: nothing of its own asks the server again during the test.
    await expect(page.locator('iframe[title^="Embedded dashboard"]')).toBeVisible();
    await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });

    // A request nobody sees the answer of (here as the router prefetches a page) ends the session.
    const prefetch = await page.request.get('/profile', {
      headers: { RSC: '1', 'Next-Router-Prefetch': '1' },
      maxRedirects: 0,
    });
    expect(prefetch.status()).toBe(307);

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?reason=no-account');
    await expect(formAlert(page)).toHaveText('No account found with this username.');
  });

  test('a deleted account is told so even when the dashboard noticed first', async ({
    signedInPage: page,
    account: { email },
  }) => {
    await expect(page.locator('iframe[title^="Embedded dashboard"]')).toBeVisible();
    await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });

    // The dashboard's next token request is where the session ends: the reason waits in a cookie.
    const answer = await page.request.get('/api/embed-token');
    expect(answer.status()).toBe(401);
    expect(await answer.json()).toEqual({ error: 'unauthenticated' });

    // The next account page still tells the person, though the session is already gone.
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?reason=no-account');
    await expect(formAlert(page)).toHaveText('No account found with this username.');
    // Once: the reason is not shown again.
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
  });

  test('prefetches that meet the ended session leave the reason for the page a person loads', async ({
    signedInPage: page,
    account: { email },
  }) => {
    // Off the dashboard (its own token fetch would find the account gone too); cookies stay.
    await page.goto('about:blank');
    await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });
    // As the router does after a server action: it prefetches every visible link again, and those
    // fetches follow the guard's redirect with nobody looking.
    for (const path of ['/profile', '/', '/profile']) {
      const prefetch = await page.request.get(path, {
        headers: { 'sec-fetch-dest': 'empty', rsc: '1' },
        maxRedirects: 0,
      });
      expect(prefetch.status(), path).toBe(307);
      expect(prefetch.headers().location, path).toBe('/login?reason=no-account');
    }
    await page.goto('/login');
    await expect(page).toHaveURL('/login?reason=no-account');
    await expect(formAlert(page)).toHaveText('No account found with this username.');
    // Once: the page a person saw used it up.
    await page.goto('/login');
    await expect(page).toHaveURL('/login');
  });

  test(
    'a deleted account is told so when the dashboard frame finds it gone',
    { tag: '@one-instance' },
    async ({ page, account: { email, password } }) => {
      // The frame's first token request fails, so its Retry is the next request to find the account
      // gone; no page of the signed-in area is rendered again in between.
      await page.route('**/api/embed-token', (route) => route.abort('connectionrefused'));
      await signInWithForm(page, email, password);
      const modal = page.getByRole('dialog', { name: CONNECTION_FAILED });
      await expect(modal).toBeVisible();
      await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });
      await page.unroute('**/api/embed-token');
      const answer = page.waitForResponse('**/api/embed-token');
      await modal.getByRole('button', { name: 'Retry' }).click();
      expect((await answer).status()).toBe(401);

      await expect(page).toHaveURL('/login?reason=no-account');
      await expect(formAlert(page)).toHaveText('No account found with this username.');
      // Once: the reason is not shown again.
      await page.goto('/login');
      await expect(page).toHaveURL('/login');
    },
  );
});
