import type { Request } from '@playwright/test';
import { expect, hydrated, signInOverHttp, test } from './fixtures';

// The sign-in pages fetch a sibling page ahead only when someone reaches for its link: a pointer
// over it, keyboard focus, a finger on it (docs/decisions/027-links-prefetch-on-intent.md).

/** The router's own fetches (a prefetch or a navigation), by path. */
function routerFetches(req: Request) {
  const url = new URL(req.url());
  return req.headers()['rsc'] === '1' || url.searchParams.has('_rsc') ? url.pathname : null;
}

type Link = { name: string; to: string };

/** A script's bytes as sent. NaN, failing the budget, if its sizes could not be read; a script the
 * page fetches as the test closes it is read by no one, and must not fail the worker. */
const scriptBytes = (req: Request) =>
  req
    .sizes()
    .then((s) => s.responseBodySize + s.responseHeadersSize)
    .catch(() => NaN);

for (const { page: path, links } of [
  {
    page: '/login',
    links: [
      { name: 'Create your account', to: '/register' },
      // (The header's link to /login itself needs nothing: the router has the page it is on.)
      { name: 'Forgot Password?', to: '/forgot-password' },
    ],
  },
  { page: '/register', links: [{ name: 'Sign in', to: '/login' }] },
  { page: '/forgot-password', links: [{ name: 'Back to sign in', to: '/login' }] },
]) {
  test(`${path} fetches nothing ahead on sight, and a link's page once it is reached for`, async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (req) => {
      const to = routerFetches(req);
      if (to) fetched.push(to);
    });
    await page.goto(path);
    for (const { to } of links)
      await hydrated(page, `header a[href="${to}"], main a[href="${to}"]`);
    // Everything the page starts on its own is done by network idle (the fetches on sight came
    // within a second of the load).
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);

    const [first, ...rest] = links as [Link, ...Link[]];
    const hovered = page.waitForRequest((req) => routerFetches(req) === first.to);
    await page.getByRole('link', { name: first.name, exact: true }).hover();
    await hovered;
    for (const { name, to } of rest) {
      const focused = page.waitForRequest((req) => routerFetches(req) === to);
      await page.getByRole('link', { name, exact: true }).focus();
      await focused;
    }
  });
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tap on a link fetches its page and goes there in the page', async ({ page }) => {
    const documents: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(new URL(req.url()).pathname);
    });
    await page.goto('/login');
    await hydrated(page, 'main a[href="/register"]');
    await page.getByRole('link', { name: 'Create your account', exact: true }).tap();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    // Gone there by the router, not a new load of the whole page.
    expect(documents).toEqual(['/login']);
  });
});

test("the sign-in pages' forms load their code at the first reach, and stay within the page's script budget until then", async ({
  page,
}) => {
  const sent: Promise<number>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') sent.push(scriptBytes(req));
  });
  const formHydrated = () =>
    page.evaluate(() => {
      const el = document.querySelector('form button[type="submit"]');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    });
  for (const path of ['/login', '/register', '/forgot-password']) {
    sent.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // The server's form is there and whole; its code is not yet (decision 061).
    await expect(page.locator('form button[type="submit"]')).toBeVisible();
    expect(await formHydrated(), path).toBe(false);
    const bytes = (await Promise.all(sent)).reduce((a, b) => a + b, 0);
    expect(bytes / 1024, `${path}: script sent before the first reach (KiB)`).toBeLessThanOrEqual(
      159,
    );
    await page.keyboard.press('Shift');
    await expect.poll(formHydrated, { message: path }).toBe(true);
  }
});

test("the signed-in pages stay within their script budget until the first reach, and the profile's first Edit opens its dialog", async ({
  page,
  account: { email, password },
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const sent: Promise<number>[] = [];
  page.on('requestfinished', (req) => {
    // Ours only: the analytics frame's own scripts are the provider's.
    if (req.resourceType() === 'script' && req.url().startsWith(origin))
      sent.push(scriptBytes(req));
  });
  const kib = async () => (await Promise.all(sent)).reduce((a, b) => a + b, 0) / 1024;
  await signInOverHttp(page, email, password);
  await page.waitForLoadState('networkidle');
  expect(await kib(), '/: script sent before the first reach (KiB)').toBeLessThanOrEqual(159);

  // A first visit of /profile: nothing from the cache.
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
  sent.length = 0;
  await page.goto('/profile');
  await page.waitForLoadState('networkidle');
  // The cards are the server's; only their buttons hydrate (decision 063). The Appearance choice
  // is a client island of its own, about 1 KiB (decision 070).
  expect(await kib(), '/profile: script sent before the first reach (KiB)').toBeLessThanOrEqual(
    161,
  );
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
