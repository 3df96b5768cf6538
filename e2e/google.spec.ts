import { createHash } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import {
  IDENTITY,
  POOL_ID,
  cognitoCall,
  createAccount,
  createCreator,
  expect,
  continueWithGoogle,
  expectAccessible,
  setTokenTtl,
  snap,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * Sign in with Google through the pool's hosted flow (authorization code + PKCE), against the
 * local identity service's stand-in for Google's page ("Sign in with Google (local)").
 */

/** Google's subject for an address on the local stand-in (local/identity/oauth.ts). */
function googleUsername(email: string): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return `Google_1${(BigInt(`0x${hash}`) % 10n ** 20n).toString().padStart(20, '0')}`;
}

/** The federated user's attributes, or null when the pool has no such user. */
async function federatedUser(email: string): Promise<Record<string, string> | null> {
  try {
    const out = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(
      'AdminGetUser',
      { UserPoolId: POOL_ID, Username: googleUsername(email) },
    );
    return Object.fromEntries(out.UserAttributes.map((a) => [a.Name, a.Value]));
  } catch (error) {
    if (String(error).includes('UserNotFoundException')) return null;
    throw error;
  }
}

/**
 * Answers Google's page but keeps the pool's answer (the redirect to our callback, with the code
 * and state) from the browser: the test decides when and where it is delivered.
 */
async function heldAnswer(page: Page, email: string): Promise<string> {
  let answer = '';
  await page.route(/\/google\/signin/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    answer = response.headers()['location'] ?? '';
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'held' });
  });
  await continueWithGoogle(page, email);
  await expect.poll(() => answer).toContain('code=');
  await page.unrouteAll();
  return answer;
}

/** Every top-level navigation of the page, in order (the redirects included). */
function navigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) seen.push(r.url());
  });
  return seen;
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL('/login');
};

test.describe('Continue with Google', () => {
  test('a first sign-in links the creator; the second reuses the account; logout ends both sessions', async ({
    page,
  }) => {
    // Two whole hosted sign-ins, a sign-out through the pool's /logout and two accessibility
    // scans: 17 s alone, 37 to 51 s through the cluster's three instances on this machine's two
    // cores while other work ran (over the 45 s a test gets by default).
    test.slow();
    const email = uniqueEmail('google');
    const creator = await createCreator(email);
    const trail = navigations(page);

    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
    await expectAccessible(page);
    await snap(page, 'login-with-google');
    await continueWithGoogle(page, email, 'Casey Creator');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

    // The code went through our callback, and the browser never saw a token.
    const callback = trail.find((u) => u.includes('/api/auth/callback?'));
    expect(callback).toBeDefined();
    const authorize = new URL(trail.find((u) => u.startsWith(`${IDENTITY}/oauth2/authorize`))!);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9._~-]{32}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('identity_provider')).toBe('Google');
    const cookies = await page.context().cookies();
    for (const c of cookies) expect(c.httpOnly, c.name).toBe(true);
    expect(JSON.stringify(cookies)).not.toMatch(/eyJ[\w-]+\.eyJ/);

    // Linked: the federated user carries the creator's channel, set by the product.
    const user = await federatedUser(email);
    expect(user?.['custom:channelmeter_id']).toBe(creator.id);
    expect(user?.name).toBe('Casey Creator');

    // The profile says where the account comes from; what Google holds is not edited here.
    await page.goto('/profile');
    const card = (title: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card('Signs in with')).toContainText('Google');
    await expect(card('Name')).toContainText('Casey Creator');
    await expect(card('Email Address')).toContainText(email);
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'profile-google-390');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Logout: our cookies go, the tokens are revoked, and the pool's /logout ends the hosted session.
    const before = await page.context().cookies();
    trail.length = 0;
    await signOut(page);
    expect(trail.some((u) => u.startsWith(`${IDENTITY}/logout?`))).toBe(true);
    const logout = new URL(trail.find((u) => u.startsWith(`${IDENTITY}/logout?`))!);
    expect(logout.searchParams.get('logout_uri')).toMatch(/\/login$/);
    const stolen = await page.context().browser()!.newContext();
    await stolen.addCookies(before);
    const other = await stolen.newPage();
    await other.goto('/profile');
    await expect(other).toHaveURL(/\/login/);
    await stolen.close();

    // Second sign-in: the same account, no second user. Its access token lasts 61 s, inside the
    // guard's refresh margin: each page refreshes it with the hosted sign-in's refresh token.
    await setTokenTtl(googleUsername(email), { accessTokenTtl: 61 });
    await continueWithGoogle(page, email, 'Casey Creator');
    await expect(page).toHaveURL('/');
    expect((await federatedUser(email))?.['custom:channelmeter_id']).toBe(creator.id);
    // Only a refresh writes the refresh cookie again.
    const refreshCookie = async () =>
      (await page.context().cookies()).find((c) => c.name.endsWith('cd_refresh'))?.value;
    const signedIn = await refreshCookie();
    // 61 s is inside the 60 s margin only once a second has passed since the sign-in (the guard
    // counts whole seconds): a page opened sooner has no reason to refresh, one opened later does.
    await expect
      .poll(
        async () => {
          await page.goto('/profile');
          await expect(page.getByRole('heading', { name: 'Signs in with' })).toBeVisible();
          return refreshCookie();
        },
        { intervals: [500], timeout: 10_000 },
      )
      .not.toBe(signedIn);
  });

  test(
    'an email the creator system does not know is refused, and leaves no account behind',
    { tag: '@one-instance' },
    async ({ page }) => {
      const email = uniqueEmail('google-stranger');
      const trail = navigations(page);
      await page.goto('/login');
      await continueWithGoogle(page, email);
      await expect(page).toHaveURL(/\/login\?reason=google-not-found$/);
      await expect(
        page.getByText('Email not found. For help please contact support.'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'contact support' })).toHaveAttribute(
        'href',
        /^mailto:/,
      );
      // The hosted session was ended on the way back.
      expect(trail.some((u) => u.startsWith(`${IDENTITY}/logout?`))).toBe(true);
      expect(await federatedUser(email)).toBeNull();
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, 'google-not-found-390');
    },
  );

  test(
    'an email with a password account is refused with a way forward',
    { tag: '@one-instance' },
    async ({ page }) => {
      const { email } = await createAccount();
      await page.goto('/login');
      await continueWithGoogle(page, email);
      await expect(page).toHaveURL(/\/login\?reason=google-password-account$/);
      await expect(
        page.getByText('This email already has an account with a password.', { exact: false }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
        'href',
        '/forgot-password',
      );
      expect(await federatedUser(email)).toBeNull();
    },
  );

  test(
    'Cancel on Google comes back to /login saying so',
    { tag: '@one-instance' },
    async ({ page }) => {
      await page.goto('/register');
      await page.getByRole('link', { name: 'Continue with Google' }).click();
      await expect(page).toHaveTitle('Sign in with Google (local)');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page).toHaveURL('/login?reason=google-cancelled');
      await expect(
        page.getByText('Sign-in with Google was cancelled.', { exact: false }),
      ).toBeVisible();
    },
  );

  test('a tampered state is refused; the real answer still signs in', async ({ page }) => {
    const email = uniqueEmail('google-tamper');
    await createCreator(email);
    await page.goto('/login');
    const answer = await heldAnswer(page, email);

    const tampered = new URL(answer);
    tampered.searchParams.set('state', 'A'.repeat(32));
    await page.goto(tampered.toString());
    await expect(page).toHaveURL('/login?reason=google-state');
    await expect(page.getByText('Invalid state in OAuth flow')).toBeVisible();
    const missing = new URL(answer);
    missing.searchParams.delete('state');
    await page.goto(missing.toString());
    await expect(page.getByText('Invalid state in OAuth flow')).toBeVisible();

    await page.goto(answer);
    await expect(page).toHaveURL('/');
  });

  test('a callback URL replayed later, or in another browser, is refused', async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail('google-replay');
    await createCreator(email);
    const trail = navigations(page);
    await page.goto('/login');
    await continueWithGoogle(page, email);
    await expect(page).toHaveURL('/');
    const callback = trail.find((u) => u.includes('/api/auth/callback?'))!;

    const elsewhere = await browser.newContext();
    const attacker = await elsewhere.newPage();
    await attacker.goto(callback);
    await expect(attacker).toHaveURL('/login?reason=google-state');
    await expect(attacker.getByText('Invalid state in OAuth flow')).toBeVisible();
    await elsewhere.close();

    await signOut(page);
    await page.goto(callback);
    await expect(page).toHaveURL('/login?reason=google-state');
  });

  test('one answer delivered twice at once signs in once', async ({ page }) => {
    const email = uniqueEmail('google-twice');
    await createCreator(email);
    await page.goto('/login');
    const answer = await heldAnswer(page, email);
    const second = await page.context().newPage();
    await Promise.all([page.goto(answer), second.goto(answer)]);
    const urls = [
      new URL(page.url()).pathname + new URL(page.url()).search,
      new URL(second.url()).pathname + new URL(second.url()).search,
    ];
    // One exchange wins; the other finds the code spent (or the sign-in already made).
    expect(urls).toContain('/');
    const other = urls.find((u) => u !== '/') ?? '/';
    expect(['/', '/login?reason=google-used', '/login?reason=google-state']).toContain(other);
  });

  test('a second click while a sign-in is starting is told it is in progress', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveTitle('Sign in with Google (local)');
    await page.goBack();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL('/login?reason=google-pending');
    await expect(page.getByText('Pending sign-in attempt already in progress')).toBeVisible();
  });
});

test(
  'sign-up with a password for an email that signs in with Google is refused',
  { tag: '@one-instance' },
  async ({ page }) => {
    const email = uniqueEmail('google-first');
    await createCreator(email);
    await page.goto('/login');
    await continueWithGoogle(page, email);
    await expect(page).toHaveURL('/');
    await signOut(page);

    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sunny!Day42');
    await page.getByLabel('Confirm password', { exact: true }).fill('Sunny!Day42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByText('This email signs in with Google. Use Continue with Google.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expectAccessible(page);
  },
);

test(
  'the Google demo creator the start banner names lands on the dashboard',
  { tag: '@one-instance' },
  async ({ page }) => {
    await page.goto('/login');
    await continueWithGoogle(page, 'google.demo@creator.test', 'Google Demo');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
    expect((await federatedUser('google.demo@creator.test'))?.['custom:channelmeter_id']).toBe(
      'cm-demo-0002',
    );
  },
);

test.describe('deleting an account that signs in with Google (decision 048)', () => {
  const dangerZone = (page: Page) => page.getByRole('region', { name: 'Danger zone' });
  const openDeletion = async (page: Page) => {
    await page.goto('/profile');
    await dangerZone(page).getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  test('a new Google sign-in as the same account deletes it; the profile says why devices are not listed', async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail('google-delete');
    await createCreator(email);
    await page.goto('/login');
    await continueWithGoogle(page, email);
    await expect(page).toHaveURL('/');

    await page.goto('/profile');
    const managed = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Devices and two-step codes' }) });
    await expect(managed).toContainText('Managed by Google');
    await expect(
      managed.getByRole('link', { name: /Your Google account's security/ }),
    ).toHaveAttribute('href', 'https://myaccount.google.com/security');

    const dialog = await openDeletion(page);
    await expectAccessible(page);
    await snap(page, 'profile-google-delete');
    // Cancel at Google: nothing is deleted, and the dialog says so.
    await dialog.getByRole('link', { name: 'Confirm with Google and delete' }).click();
    await expect(page).toHaveTitle('Sign in with Google (local)');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/profile#danger-zone$/);
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toContainText(
      'Your account was not deleted: the Google sign-in was cancelled.',
    );
    expect(await federatedUser(email)).not.toBeNull();
    // A reload does not say it again.
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Confirmed with the same Google account: deleted, signed out, told so on /login.
    const again = await openDeletion(page);
    await again.getByRole('link', { name: 'Confirm with Google and delete' }).click();
    await expect(page).toHaveTitle('Sign in with Google (local)');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByText(
        'Your account was deleted. You can register again at any time with the same email.',
      ),
    ).toBeVisible();
    expect(await federatedUser(email)).toBeNull();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });

  test('another Google account at the confirmation deletes nothing and leaves no account behind', async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail('google-keep');
    const stranger = uniqueEmail('google-stranger');
    await createCreator(email);
    await page.goto('/login');
    await continueWithGoogle(page, email);
    await expect(page).toHaveURL('/');

    const dialog = await openDeletion(page);
    await dialog.getByRole('link', { name: 'Confirm with Google and delete' }).click();
    await page.getByLabel('Email').fill(stranger);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile#danger-zone$/);
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toContainText(
      `Your account was not deleted: that was a different Google account. Confirm with the Google account you sign in with here, ${email}.`,
    );
    await expectAccessible(page);
    expect(await federatedUser(email)).not.toBeNull();
    // The pool made a user for the other Google account on the way; it is not kept.
    expect(await federatedUser(stranger)).toBeNull();
    // Still signed in.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  });

  test('the start of a deletion refuses a request from another site', async ({ page }) => {
    const email = uniqueEmail('google-csrf');
    await createCreator(email);
    await page.goto('/login');
    await continueWithGoogle(page, email);
    await expect(page).toHaveURL('/');
    const answer = await page.request.get('/api/auth/google/delete', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers()['location']).toBe('/profile#danger-zone');
  });
});
