import type { Page, Request, Response } from '@playwright/test';
import { signInCookies } from './action-ids';
import { ALL_SET } from './dashboard-fixtures';
import {
  DEMO,
  STRONG_PASSWORD,
  expect,
  formAlert,
  holdScripts,
  hydrated,
  signInWithForm,
  test,
} from './fixtures';
import { THEME_SCRIPT_HASH } from '../lib/ui/theme';

// One posture on every host (docs/decisions/036): every page rendered per request names its
// scripts by a fresh nonce with 'strict-dynamic'; Creator Cash, built once per variant, runs its
// inline scripts from this origin only (docs/decisions/037). Both run the page's scripts and
// nothing the page did not bring.

// The nonce, and the theme's inline script by its hash (decision 070).
const NONCE_POLICY = new RegExp(
  `^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' '${THEME_SCRIPT_HASH.replace(/[+/]/g, '\\$&')}' 'strict-dynamic'$`,
);

/** CSP violations the page reports, collected from the start of each navigation. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (l: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  return seen;
}

const scriptSrc = (csp: string | null) =>
  (csp ?? '').split('; ').find((d) => d.startsWith('script-src ')) ?? '';

for (const [path, heading] of [
  ['/login', 'Creator Dashboard'],
  ['/register', 'Create your account'],
  ['/forgot-password', 'Reset your password'],
] as const) {
  test(`${path} is rendered per request under a nonce, and its form runs`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    const headers = res!.headers();
    expect(scriptSrc(headers['content-security-policy'] ?? null)).toMatch(NONCE_POLICY);
    // Each answer is its own (a fresh nonce): no shared cache keeps it.
    expect(headers['cache-control']).toMatch(/no-store/);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The form's own check runs in the browser: its scripts loaded and hydrated.
    await page.getByLabel('Email', { exact: true }).fill('1abc@site');
    await page.getByLabel('Email', { exact: true }).blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    if (path !== '/forgot-password')
      await expect(page.getByRole('link', { name: /Google/ })).toBeVisible();
    expect(violations).toEqual([]);
  });
}

test('a script the page did not bring does not run', async ({ page }) => {
  // What an injection into the page would look like: the served page with one script more, under
  // the policy it was served with.
  for (const path of ['/login', '/creatorcash/v1']) {
    await page.route(`**${path}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(
        '</body>',
        '<script src="data:text/javascript,window.__injected=1"></script></body>',
      );
      await route.fulfill({ response: res, body });
    });
  }
  const violations = await watchViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  // The page's own scripts still ran.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email address is required')).toBeVisible();
  // Creator Cash too: a script from anywhere but this origin does not run.
  violations.length = 0;
  await page.goto('/creatorcash/v1');
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
});

test('a visit with something in its address renders the same way', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/login?reason=device-ended&email=casey%40creator.test');
  const headers = res!.headers();
  expect(scriptSrc(headers['content-security-policy'] ?? null)).toMatch(NONCE_POLICY);
  expect(headers['cache-control']).toMatch(/no-store/);
  await expect(
    page.getByText('Your session on this device has ended. Please sign in again.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('casey@creator.test');
  expect(violations).toEqual([]);
});

test('signing in goes home and leaves no request open; signed in, /login goes home', async ({
  page,
}) => {
  // Every request the page starts finishes: an answer left unread keeps its connection.
  const open = new Set<string>();
  const key = (r: Request) =>
    `${r.method()} ${r.url()} ${r.headers()['next-router-segment-prefetch'] ?? ''}`;
  page.on('request', (r) => open.add(key(r)));
  page.on('requestfinished', (r) => open.delete(key(r)));
  page.on('requestfailed', (r) => open.delete(key(r)));
  await page.goto('/login');
  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Waited for by what it means (every request answered), not by network silence, which the
  // signed-in page's own later fetches can keep from coming.
  await expect.poll(() => [...open], { timeout: 15_000 }).toEqual([]);
  const res = await page.goto('/login');
  expect(res?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
  await expect(page).toHaveURL('/');
});

test('/creatorcash is served as built, runs its inline scripts from this origin only, and works', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  for (const path of ['/creatorcash/v1', `/creatorcash?${btoa('variant=v2')}`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(scriptSrc(res!.headers()['content-security-policy'] ?? null), path).toBe(
      "script-src 'self' 'unsafe-inline'",
    );
  }
  await hydrated(page, '#apply button');
  await page.locator('#apply').getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: 'Submit Your Application' })).toBeFocused();
  expect(violations).toEqual([]);
});

test('a form sent before its scripts ran is answered on the same page, what was typed kept; the right password goes home', async ({
  browser,
  account,
}) => {
  // No script at all: the browser posts the form itself, as it does when a person is faster than
  // the page's scripts.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!Pass1');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const res = await answer;
  expect(scriptSrc(res.headers()['content-security-policy'] ?? null)).toMatch(NONCE_POLICY);
  await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // The right password, still without scripts: the answer is a redirect to the dashboard.
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await context.close();
});

test("a creator's change on the profile leaves Creator Cash's pages as they were built", async ({
  signedInPage: page,
  browser,
}) => {
  const built = async () => {
    const visitor = await browser.newContext();
    const res = await visitor.request.get('/creatorcash/v1');
    const cache = res.headers()['x-nextjs-cache'];
    await visitor.close();
    return cache;
  };
  expect(await built()).toBe('HIT');

  // A change that refreshes what the signed-in pages show (the header's name).
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit name' });
  await dialog.getByLabel('Name', { exact: true }).fill('Fox Mulder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: ALL_SET })).toBeVisible();

  expect(await built()).toBe('HIT');
});

for (const [path, fields] of [
  ['/login', ['Email', 'Password']],
  ['/register', ['Email', 'Password', 'Confirm password']],
  ['/forgot-password', ['Email']],
] as const) {
  test(`${path}: what is typed before the page's scripts run is kept once they do`, async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const typed = (label: string) =>
      label === 'Email' ? 'early.typist@creator.test' : `${STRONG_PASSWORD}`;
    for (const label of fields) await page.getByLabel(label, { exact: true }).fill(typed(label));
    await release();
    await hydrated(page, 'form button[type="submit"]');
    // A change after the scripts run (the page re-renders) loses none of it.
    await page.getByLabel(fields[0], { exact: true }).press('End');
    await page.getByLabel(fields[0], { exact: true }).blur();
    for (const label of fields)
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(typed(label));
  });
}

test('spaces typed into a password before the scripts run are taken out once they do', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/register', { waitUntil: 'domcontentloaded' });
  const password = page.getByLabel('Password', { exact: true });
  await password.pressSequentially('Sunny Day42!');
  await expect(password).toHaveValue('Sunny Day42!');
  await release();
  await hydrated(page, 'form button[type="submit"]');
  await expect(password).toHaveValue('SunnyDay42!');
  // And from then on a space cannot be typed.
  await password.press('End');
  await password.pressSequentially(' x');
  await expect(password).toHaveValue('SunnyDay42!x');
});

test('an email typed before the scripts run goes on to the email-code page, and signs in once they do', async ({
  page,
  account: { email, password },
}) => {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await release();
  // The link reads the form: it names the email once the scripts ran.
  await expect(page.getByRole('link', { name: 'Email me a sign-in code' })).toHaveAttribute(
    'href',
    `/login/email-code?email=${encodeURIComponent(email)}`,
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('a signed-in visitor sent home from a sign-in page gets an answer no shared cache keeps', async ({
  request,
  account,
  baseURL,
}) => {
  // What a request shows, over HTTP: a session's cookies and nothing else.
  const cookie = await signInCookies(baseURL!, account.email, account.password, '2001:db8::c5');
  for (const path of ['/login', '/register', '/forgot-password']) {
    const res = await request.get(path, { maxRedirects: 0, headers: { cookie } });
    expect(res.status(), path).toBeGreaterThanOrEqual(300);
    expect(res.status(), path).toBeLessThan(400);
    expect(res.headers()['cache-control'] ?? '', path).not.toContain('public');
  }
});

// Every script the browser runs carries V8's compile hint on its first line, so its functions are
// compiled while it streams, off the main thread (scripts/compile-hints.mjs, docs/decisions/036).
test('every script a page runs asks to be compiled as it loads', async ({ context }) => {
  for (const path of ['/login', '/creatorcash/v1']) {
    // A page of its own for each: a script the last one asked for late cannot land in this one's
    // list as it navigates.
    const page = await context.newPage();
    const firstLines: Promise<[string, string]>[] = [];
    const collect = (res: Response) => {
      if (res.request().resourceType() === 'script')
        firstLines.push(res.text().then((text) => [res.url(), text.split('\n', 1)[0]!]));
    };
    page.on('response', collect);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    page.off('response', collect);
    const lines = await Promise.all(firstLines);
    await page.close();
    expect(lines.length).toBeGreaterThan(5);
    for (const [url, first] of lines)
      expect([url, first]).toEqual([url, '//# allFunctionsCalledOnLoad']);
  }
});
