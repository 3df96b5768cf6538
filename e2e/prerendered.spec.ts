import type { Page, Request } from '@playwright/test';
import { createHash } from 'node:crypto';
import { startedScripts } from '../scripts/prerendered-csp.mjs';
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

// The sign-in pages a visitor loads with nothing of their own in the address are served
// prerendered, under a policy that names each script by its hash (docs/decisions/024); any other
// visit renders per request with a nonce. Both must run the page's scripts, and nothing else.

const HASH = /'sha256-[A-Za-z0-9+/]{43}='/g;

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
  test(`${path} is served prerendered under script hashes, and its form runs`, async ({ page }) => {
    const violations = await watchViolations(page);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    const headers = res!.headers();
    expect(headers['x-nextjs-cache']).toBe('HIT');
    const script = scriptSrc(headers['content-security-policy'] ?? null);
    expect(script).toMatch(/^script-src 'self' ('sha256-[A-Za-z0-9+/]{43}=' )+'strict-dynamic'$/);
    expect(script).not.toMatch(/nonce|unsafe/);
    expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');

    // Every script tag of the page carries the integrity its hash in the policy stands for.
    const html = await res!.text();
    const tags = html.match(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g) ?? [];
    const listed = new Set(script.match(HASH));
    for (const tag of tags) {
      const integrity = /integrity="([^"]+)"/.exec(tag)?.[1];
      expect(integrity, tag).toBeDefined();
      expect(listed.has(`'${integrity}'`), tag).toBe(true);
    }
    // The page's own scripts start after its first paint (docs/decisions/026), from a list in
    // the page: each with an integrity, the hash of the file the browser receives.
    const files = startedScripts(html);
    expect(files.length).toBeGreaterThan(3);
    for (const [src, integrity] of files) {
      const body = await (await page.request.get(src)).body();
      expect(integrity, src).toBe(`sha256-${createHash('sha256').update(body).digest('base64')}`);
    }
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => [
            new URL(s.src).pathname + new URL(s.src).search,
            s.integrity,
          ]),
        ),
      )
      .toEqual(expect.arrayContaining(files));

    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The form's own check runs in the browser: its scripts loaded and hydrated.
    await page.getByLabel('Email', { exact: true }).fill('1abc@site');
    await page.getByLabel('Email', { exact: true }).blur();
    await page
      .getByRole('button', { name: /^(Sign In|Create account|Send code)$/ })
      .first()
      .click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    // The local pool offers Google: the twin that says so was served.
    if (path !== '/forgot-password')
      await expect(page.getByRole('link', { name: /Google/ })).toBeVisible();
    expect(violations).toEqual([]);
  });
}

test('a script the build did not make does not run on a prerendered page', async ({ page }) => {
  // What an injection into the page would look like: the served page with one script more, under
  // the policy it was served with.
  await page.route('**/login', async (route) => {
    const res = await route.fetch();
    const body = (await res.text()).replace(
      '</body>',
      '<script>window.__injected=1</script></body>',
    );
    await route.fulfill({ response: res, body });
  });
  const violations = await watchViolations(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toMatch(/script-src.* inline/);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
  // The page's own scripts still ran.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email address is required')).toBeVisible();
});

test('a visit with something in its address renders per request, with a nonce', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/login?reason=device-ended&email=casey%40creator.test');
  const headers = res!.headers();
  expect(headers['x-nextjs-cache']).toBeUndefined();
  expect(scriptSrc(headers['content-security-policy'] ?? null)).toMatch(
    /^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/,
  );
  expect(headers['cache-control']).toBe('private, no-store');
  await expect(
    page.getByText('Your session on this device has ended. Please sign in again.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('casey@creator.test');
  expect(violations).toEqual([]);
});

test('the prerendered twins are no pages of their own', async ({ request }) => {
  for (const [twin, to] of [
    ['/prerendered/login/with-google', '/login'],
    ['/prerendered/register/without-google', '/register'],
    ['/prerendered/forgot-password', '/forgot-password'],
    ['/prerendered/anything', '/login'],
  ] as const) {
    const res = await request.get(twin, { maxRedirects: 0 });
    expect(res.status(), twin).toBe(307);
    expect(new URL(res.headers()['location']!, 'http://x').pathname, twin).toBe(to);
  }
});

test('signing in from the prerendered page goes home and leaves no request open; signed in, /login goes home', async ({
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
  // The router's fetch of a sign-in page, signed in: no content (a page load is redirected).
  const routerFetch = await page.request.get('/register?_rsc=1a2b3', {
    headers: { 'sec-fetch-dest': 'empty', rsc: '1', 'next-router-prefetch': '1' },
    maxRedirects: 0,
  });
  expect(routerFetch.status()).toBe(204);
  expect(await routerFetch.text()).toBe('');
  const res = await page.goto('/login');
  expect(res?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
  await expect(page).toHaveURL('/');
});

test('/creatorcash names its scripts by hash too, and runs them', async ({ page }) => {
  const violations = await watchViolations(page);
  const res = await page.goto('/creatorcash/v1');
  const script = scriptSrc(res!.headers()['content-security-policy'] ?? null);
  expect(script).toMatch(/^script-src 'self' ('sha256-[A-Za-z0-9+/]{43}=' )+'strict-dynamic'$/);
  expect(script).not.toContain('unsafe-inline');
  // Its application steps move on through its own script, which starts after the first paint
  // (docs/decisions/026): a click before then does nothing yet.
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
  // Rendered for this request: its scripts named by a nonce, not by the prerendered hashes.
  const csp = res.headers()['content-security-policy'] ?? null;
  expect(scriptSrc(csp)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
  await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  // The right password, still without scripts: the answer is a redirect to the dashboard.
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await context.close();
});

test("a creator's change on the profile leaves the prerendered pages as they were built", async ({
  signedInPage: page,
  browser,
}) => {
  // Before: the pages as the build stamped them.
  const stamped = async () => {
    const visitor = await browser.newContext();
    const pages: string[] = [];
    for (const path of ['/login', '/creatorcash/v1']) {
      const res = await visitor.request.get(path);
      const html = await res.text();
      const untagged = (html.match(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g) ?? []).filter(
        (tag) => !tag.includes('integrity='),
      );
      pages.push(`${path}: ${res.headers()['x-nextjs-cache']} ${untagged.length} untagged`);
    }
    await visitor.close();
    return pages;
  };
  const before = await stamped();
  expect(before).toEqual(['/login: HIT 0 untagged', '/creatorcash/v1: HIT 0 untagged']);

  // A change that refreshes what the signed-in pages show (the header's name).
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit name' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit name' });
  await dialog.getByLabel('Name', { exact: true }).fill('Fox Mulder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: ALL_SET })).toBeVisible();

  expect(await stamped()).toEqual(before);
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
  await hydrated(page, 'form button[type="submit"]');
  await expect(page.getByRole('link', { name: 'Email me a sign-in code' })).toHaveAttribute(
    'href',
    `/login/email-code?email=${encodeURIComponent(email)}`,
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
});

test('a signed-in visitor sent home from a sign-in page gets an answer no shared cache keeps', async ({
  signedInPage: page,
}) => {
  for (const path of ['/login', '/register', '/forgot-password']) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeGreaterThanOrEqual(300);
    expect(res.status(), path).toBeLessThan(400);
    expect(res.headers()['cache-control'] ?? '', path).not.toContain('public');
  }
});
