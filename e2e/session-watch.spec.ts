// The idle rule as a person meets it (decision 047): a warning with "Stay signed in" before the
// sign-out, the page they were on and their email waiting at sign-in, and a sign-out in another tab
// or on another device hiding the analytics at once. The page's timers run on Playwright's clock;
// the server's idle clock is moved by ageing the real session cookie, sealed with the local stack's
// own secret.
import type { BrowserContext, Page } from '@playwright/test';
import { sealData, unsealData } from 'iron-session';
import { secretId } from '../lib/runtime/secret-id';
import { expectFrame, frame, signInToDashboard } from './dashboard-fixtures';
import {
  createAccount,
  expect,
  expectAccessible,
  logout,
  signInWithForm,
  snap,
  test,
} from './fixtures';

const LOCAL = 'local-only-session-secret-not-for-production-use';
const LOCAL_SECRET = { [secretId(LOCAL)]: LOCAL };
const nowS = () => Math.floor(Date.now() / 1000);

/** Sets the server's record of the person's last request to `agoS` seconds ago. */
async function lastSeen(context: BrowserContext, agoS: number) {
  const cookie = (await context.cookies()).find((c) => c.name === 'cd_session');
  expect(cookie, 'a session cookie').toBeTruthy();
  const data = await unsealData<Record<string, unknown>>(cookie!.value, { password: LOCAL_SECRET });
  expect(data.accessToken, 'the real cookie unseals').toBeTruthy();
  const value = await sealData({ ...data, seenAt: nowS() - agoS }, { password: LOCAL_SECRET });
  await context.addCookies([{ ...cookie!, value }]);
}

const warning = (page: Page) => page.getByRole('dialog', { name: 'Are you still there?' });

test.describe('the idle rule, with a warning', () => {
  test('the warning comes two minutes before; "Stay signed in" keeps the session; no answer signs out, and sign-in goes back to the page with the email filled in', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await page.clock.install();
    await signInToDashboard(page, account.email, account.password);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await expect(page).toHaveURL(/\/\?path=/);
    const analytics = new URL(page.url());
    await expectFrame(page, 'Analytics · Home');
    // The click on the tab is reported within the minute; after it, nobody touches the page.
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/session') && r.method() === 'POST',
    );
    await page.clock.fastForward('01:01');
    await reported;

    // 29½ minutes since the last request: the next check finds 30 s left, and the warning shows.
    await lastSeen(context, 29 * 60 + 30);
    await page.clock.fastForward('01:01');
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText(
      /For your security, you’ll be signed out in 0:[0-3]\d without activity\./,
    );
    await expect(warning(page).getByRole('button', { name: 'Stay signed in' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'session-idle-warning-1280');

    // Stay: the server counts it, and a quarter of an hour later nothing asks again.
    await warning(page).getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning(page)).toHaveCount(0);
    await page.clock.fastForward('15:00');
    await expect(warning(page)).toHaveCount(0);
    await expect(frame(page)).toBeVisible();

    // Again, and this time nobody answers: signed out, told why, and back where they were.
    await lastSeen(context, 29 * 60 + 30);
    await page.clock.fastForward('01:01');
    await expect(warning(page)).toBeVisible();
    await lastSeen(context, 31 * 60);
    await page.clock.fastForward('00:45');
    await expect(page).toHaveURL('/login?reason=idle');
    await expect(
      page.getByText(
        'You were signed out after 30 minutes without activity. Please sign in again.',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/' && url.searchParams.get('path') === analytics.searchParams.get('path'),
    );
    await expectFrame(page, 'Analytics · Home');
  });

  test('input on the page counts as presence: the server hears of it, and no warning comes', async ({
    page,
    context,
  }) => {
    const account = await createAccount();
    await page.clock.install();
    await signInToDashboard(page, account.email, account.password);
    await lastSeen(context, 20 * 60);
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/auth/session') && r.method() === 'POST',
    );
    // A minute on from the page's load, then a key press: reported at once.
    await page.clock.fastForward('01:01');
    await page.keyboard.press('Tab');
    await reported;
    await page.clock.fastForward('12:00');
    await expect(warning(page)).toHaveCount(0);
  });
});

test('a deep link survives the sign-in: /profile asked for while signed out opens after it', async ({
  page,
  account,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // Used once: the next sign-in goes home.
  await logout(page);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('on a shared computer, "Not you?" empties the remembered email and the browser forgets it', async ({
  page,
  account,
}) => {
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  await logout(page);
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(account.email);
  await page.getByRole('button', { name: 'Not you? Use another email' }).click();
  await expect(email).toHaveValue('');
  await expect(email).toBeFocused();
  await expect(page.getByRole('button', { name: 'Not you? Use another email' })).toHaveCount(0);
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'cd_remembered'))
    .toBe(false);
  await page.reload();
  await expect(email).toHaveValue('');
  // An address given in the link is no remembered one: nothing to forget.
  await page.goto(`/login?email=${encodeURIComponent(account.email)}`);
  await expect(email).toHaveValue(account.email);
  await expect(page.getByRole('button', { name: 'Not you? Use another email' })).toHaveCount(0);
});

test('signing out in one tab reaches the others at once: the analytics go and the tab says why', async ({
  context,
  page,
  account,
}) => {
  await signInToDashboard(page, account.email, account.password);
  const other = await context.newPage();
  await other.goto('/');
  await expectFrame(other, 'Dashboard');

  await logout(page);
  const told = other.getByRole('dialog', { name: 'You signed out in another tab' });
  await expect(told).toBeVisible();
  await expect(frame(other)).toHaveCount(0);
  await expectAccessible(other);
  await snap(other, 'session-other-tab-1280');
  await told.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL('/login');
});

/** Signs in on `page` and signs out everywhere from its profile. */
async function signOutEverywhere(page: Page, account: { email: string; password: string }) {
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL('/login?reason=signed-out-everywhere');
}

test('sign out everywhere reaches a dashboard left open on another device within a minute', async ({
  page,
  browser,
  account,
}) => {
  const elsewhere = await browser.newContext();
  const far = await elsewhere.newPage();
  await far.clock.install();
  await signInToDashboard(far, account.email, account.password);

  await signOutEverywhere(page, account);

  // The far page asks within a minute, though nobody touches it.
  await far.clock.fastForward('01:01');
  const told = far.getByRole('dialog', { name: 'You were signed out' });
  await expect(told).toBeVisible();
  await expect(frame(far)).toHaveCount(0);
  await elsewhere.close();
});

test('a session ended elsewhere closes the open dialog for its own, and the typed name waits for after the sign-in', async ({
  page,
  browser,
  account,
}) => {
  await page.clock.install();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Name' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit name' });
  await edit.getByLabel('Name', { exact: true }).fill('Dana Scully-Draft');

  // Another device signs out everywhere.
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await signOutEverywhere(await elsewhere.newPage(), account);
  await elsewhere.close();
  await page.clock.fastForward('01:01');
  const told = page.getByRole('dialog', { name: 'You were signed out' });
  await expect(told).toBeVisible();
  // One dialog at a time.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expectAccessible(page);

  await told.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  const again = page.getByRole('dialog', { name: 'Edit name' });
  await expect(again.getByLabel('Name', { exact: true })).toHaveValue('Dana Scully-Draft');
  // Shown once: a reload opens no dialog.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
