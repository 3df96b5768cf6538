import type { Page } from '@playwright/test';
import { THEME_KEY } from '../lib/ui/theme';
import { expect, holdScripts, snap, test } from './fixtures';
import { frame } from './dashboard-fixtures';
import { FULL_RUN } from './run';

/**
 * Light and dark (decision 070): the system's setting unless this browser chose one in Profile
 * Settings. The page paints in its theme from the first byte, before any of its scripts run.
 */
/** A campaign's address for the first variant (lib/creatorcash/decode.ts). */
const CREATOR_CASH = `/creatorcash?${Buffer.from('variant=v1').toString('base64')}`;
const LIGHT_BG = 'rgb(245, 247, 251)';
const DARK_BG = 'rgb(15, 20, 28)';

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Keeps `choice` in this browser's storage for the site, as the Settings choice does. */
async function chooseInStorage(page: Page, choice: 'light' | 'dark' | null) {
  await page.goto('/robots.txt');
  await page.evaluate(
    ([key, value]) => (value ? localStorage.setItem(key!, value) : localStorage.removeItem(key!)),
    [THEME_KEY, choice],
  );
}

test.describe('the first paint is in the theme', () => {
  for (const { system, choice, shown } of [
    { system: 'light', choice: null, shown: LIGHT_BG },
    { system: 'dark', choice: null, shown: DARK_BG },
    { system: 'light', choice: 'dark', shown: DARK_BG },
    { system: 'dark', choice: 'light', shown: LIGHT_BG },
  ] as const) {
    test(`system ${system}, chosen ${choice ?? 'nothing'}: ${shown === DARK_BG ? 'dark' : 'light'} before any page script runs`, async ({
      signedInPage: page,
    }) => {
      await page.emulateMedia({ colorScheme: system });
      await chooseInStorage(page, choice);
      // Every page script held back: what shows is the server's HTML, its CSS and the inline
      // theme script, as on a slow phone before the page starts.
      await holdScripts(page);
      for (const path of ['/', '/profile', CREATOR_CASH, '/login']) {
        if (path === '/login') await page.context().clearCookies();
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator('body').waitFor({ state: 'attached' });
        await page.waitForLoadState('domcontentloaded');
        expect(await background(page), path).toBe(shown);
        expect(new URL(page.url()).pathname, 'not sent elsewhere').toBe(path.split('?')[0]!);
      }
    });
  }
});

test('the choice in Settings is kept in this browser, every tab follows it, and so does the frame', async ({
  signedInPage: page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/profile');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  const system = appearance.getByRole('radio', { name: /^System/ });
  await expect(system).toBeChecked();
  const other = await page.context().newPage();
  await other.emulateMedia({ colorScheme: 'light' });
  await other.goto('/');
  await expect(frame(other)).toHaveAttribute('src', /[?&]theme=light(&|$)/);

  await appearance.getByRole('radio', { name: /^Dark/ }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  // The other tab changes at once, and its dashboard opens again in dark.
  await expect.poll(() => background(other)).toBe(DARK_BG);
  await expect(frame(other)).toHaveAttribute('src', /[?&]theme=dark(&|$)/);
  const frameBody = other.frameLocator('main iframe').locator('body');
  await expect(frameBody).toHaveCSS('background-color', DARK_BG);

  await page.reload();
  await expect(appearance.getByRole('radio', { name: /^Dark/ })).toBeChecked();
  expect(await background(page)).toBe(DARK_BG);

  // System again: the system's setting is followed, as it changes.
  await system.check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await other.close();
});

test('the theme choice is reached by keyboard and named', async ({ signedInPage: page }) => {
  await page.goto('/profile');
  const dark = page.getByRole('radio', { name: /^Dark/ });
  await page.getByRole('radio', { name: /^System/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Light/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dark).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(dark).toHaveAccessibleDescription('Always dark.');
});

test('screenshots in dark: sign-in, dashboard, profile, a dialog and Creator Cash', async ({
  page,
  account,
}) => {
  test.skip(!FULL_RUN, 'pictures are taken in the full run');
  // Sections that fade in are shown at once (docs/product.md §2.12.2).
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.context().clearCookies();
    await page.goto('/login');
    await snap(page, `theme/dark-login-${width}`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.frameLocator('main iframe').getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, `theme/dark-dashboard-${width}`);
    await page.goto('/profile');
    await snap(page, `theme/dark-profile-${width}`);
    await page.getByRole('button', { name: 'Edit Name' }).click();
    await expect(page.getByRole('dialog').getByLabel('Name', { exact: true })).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/theme/dark-dialog-${width}.png` }); // as seen
    await page.keyboard.press('Escape');
    await page.goto(CREATOR_CASH);
    await snap(page, `theme/dark-creatorcash-${width}`);
  }
});

test('with reduced motion, nothing keeps moving: the loader stands still beside its words', async ({
  signedInPage: page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The dashboard's token never comes: its loader stays.
  await page.route('**/api/embed-token', () => undefined);
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading Dashboard…' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
    )
    .toBe(0);
});

test('in forced colours a filled button keeps its edge, and the page in the menu and a focused choice are outlined', async ({
  signedInPage: page,
}) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const current = page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .locator('[aria-current="page"]');
  await expect(current).toHaveCSS('outline-style', 'solid');
  await page.goto('/profile');
  const edit = page.getByRole('button', { name: 'Edit Name' });
  await expect(edit).toHaveCSS('border-top-style', 'solid');
  await page.getByRole('radio', { name: /^System/ }).focus();
  await page.keyboard.press('ArrowRight');
  const card = page.locator('label').filter({ has: page.getByRole('radio', { name: /^Light/ }) });
  await expect(card).toHaveCSS('outline-style', 'solid');
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCSS(
    'border-top-width',
    '1px',
  );
  await page.emulateMedia({ forcedColors: 'none' });
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCSS(
    'border-top-width',
    '0px',
  );
});
