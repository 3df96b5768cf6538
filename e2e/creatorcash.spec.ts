import type { Page } from '@playwright/test';
import { COPY, DISCLAIMER } from '../lib/creatorcash/copy';
import { VARIANTS, type Variant } from '../lib/creatorcash/variants';
import { expect, expectAccessible, hydrated, test } from './fixtures';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const campaign = (v: Variant) => `/creatorcash?${b64(`variant=${v}`)}`;

/** Scrolls through the page so every section fades in, then waits for the transitions to end. */
async function revealAll(page: Page) {
  // Half a screen at a time, each step waiting for two rendered frames (when the intersection
  // observer reports), never a fixed sleep that a busy machine can outrun; swept again if needed.
  // Swept until nothing is hidden: a section hides itself only when the page's script has run,
  // which on a busy machine can be after a sweep has passed it.
  await page.waitForLoadState('networkidle');
  const hidden = page.locator('[data-fade="out"]');
  await expect(async () => {
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const step = window.innerHeight / 2;
      for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await frame();
    });
    await expect(hidden).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

/** Console errors and uncaught exceptions (a CSP block or a hydration mismatch shows up here). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function open(page: Page, v: Variant) {
  await page.goto(campaign(v));
  await hydrated(page, '#apply button');
}

test.describe('/creatorcash guard', () => {
  for (const [label, query] of [
    ['no query', ''],
    ['an empty query', '?'],
    ['garbage', '?!!not-base64!!'],
    ['plain text', '?variant=v1'],
    ['another value', `?${b64('variant=v4')}`],
  ] as const) {
    test(`${label} redirects home`, async ({ request }) => {
      const res = await request.get(`/creatorcash${query}`, { maxRedirects: 0 });
      expect(res.status()).toBe(307);
      const to = new URL(res.headers().location!, 'http://x');
      expect(to.pathname + to.search).toBe('/');
    });
  }

  for (const [label, token] of [
    ['standard', b64('variant=v2')],
    ['unpadded', b64('variant=v2').replace(/=+$/, '')],
    ['%3D-padded', b64('variant=v2').replace(/=/g, '%3D')],
    ['URL-safe', Buffer.from('variant=v2').toString('base64url')],
  ] as const) {
    test(`a ${label} token is rewritten, keeping the campaign URL`, async ({ page }) => {
      const url = `/creatorcash?${token}&utm_source=e2e`;
      const res = await page.goto(url);
      expect(res?.status()).toBe(200);
      expect(res?.request().redirectedFrom()).toBeNull();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(COPY.v2.welcomebanner.title);
    });
  }
});

for (const v of VARIANTS) {
  const copy = COPY[v];

  test.describe(`/creatorcash ${v}`, () => {
    test('shows its sections, metadata and no axe violations', async ({ page, request }) => {
      const errors = watchErrors(page);
      await open(page, v);
      await expect(page).toHaveTitle(copy.meta.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        copy.meta.description,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/creatorcash\\?[\\w-]+$`),
      );

      const main = page.getByRole('main');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.welcomebanner.title);
      await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();

      const reasons = main.getByRole('region', { name: 'Reasons to join' });
      await expect(reasons.getByRole('listitem')).toHaveCount(4);
      for (const card of copy.creators.cards) {
        await expect(reasons.getByRole('heading', { level: 3, name: card.title })).toBeVisible();
      }

      const apply = main.getByRole('region', { name: copy.creatorcash.title });
      await expect(apply.getByRole('heading', { name: 'Connect YouTube' })).toBeVisible();

      const requirements = main.getByRole('region', { name: 'Requirements to Join' });
      const faqHeading = copy.faq?.title ?? 'Frequently asked questions';
      if (copy.requirementsToJoin && copy.faq) {
        await expect(requirements.getByRole('listitem')).toHaveCount(
          copy.requirementsToJoin.items.length,
        );
        await expect(main.getByRole('heading', { level: 2, name: faqHeading })).toBeVisible();
      } else {
        await expect(requirements).toHaveCount(0);
        await expect(main.getByRole('heading', { name: /questions/i })).toHaveCount(0);
      }

      const footer = page.getByRole('contentinfo');
      for (const line of DISCLAIMER) await expect(footer).toContainText(line);

      for (const kind of ['og', 'twitter'] as const) {
        const selector = kind === 'og' ? 'meta[property="og:image"]' : 'meta[name="twitter:image"]';
        const src = await page.locator(selector).getAttribute('content');
        const img = await request.get(new URL(src!).pathname + new URL(src!).search);
        expect(img.status(), `${kind} image`).toBe(200);
        expect(img.headers()['content-type']).toBe('image/png');
      }

      await revealAll(page);
      await expectAccessible(page);
      expect(errors, 'console errors').toEqual([]);
    });
  });
}

test.describe('/creatorcash interactions', () => {
  test('Apply Now scrolls smoothly to the application and moves focus there', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, 'v2');
    const heading = page.getByRole('heading', { level: 2, name: COPY.v2.creatorcash.title });
    await expect(heading).not.toBeInViewport();
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // The address bar keeps the campaign URL (no #fragment added).
    expect(new URL(page.url()).hash).toBe('');
  });

  test('the four steps, by mouse', async ({ page }) => {
    const copy = COPY.v1.creatorcash;
    await open(page, 'v1');
    const apply = page.locator('#apply');
    await apply.getByRole('button', { name: copy.step1.action }).click();
    await expect(apply.getByRole('heading', { name: 'Submit Your Application' })).toBeFocused();
    await apply.getByRole('button', { name: copy.step2.action }).click();
    await expect(apply.getByRole('heading', { name: 'Application Received' })).toBeFocused();
    await expect(apply.getByText(copy.successMessage.description)).toBeVisible();
    await apply.getByText(copy.successMessage.description).click();
    await expect(apply.getByRole('heading', { name: 'Something Went Wrong' })).toBeFocused();
    await expect(
      apply.getByRole('link', { name: copy.failureMessage.mailTo.label }),
    ).toHaveAttribute('href', /^mailto:[^?]+@[^?]+\?subject=/);
    await revealAll(page);
    await expectAccessible(page, '#apply');
    await page.setViewportSize({ width: 390, height: 844 });
    await apply.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'e2e/screenshots/creatorcash-step4-390.png' });
  });

  test('the four steps and the FAQ, by keyboard only', async ({ page }) => {
    const copy = COPY.v3;
    await open(page, 'v3');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Apply Now' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 2, name: copy.creatorcash.title }),
    ).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: copy.creatorcash.step1.action })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Submit Your Application' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: copy.creatorcash.step2.action })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Application Received' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('link', { name: copy.creatorcash.failureMessage.mailTo.label }),
    ).toBeFocused();

    const faq = page.getByRole('region', { name: copy.faq!.title });
    const triggers = faq.getByRole('button');
    await page.keyboard.press('Tab'); // Start over
    await page.keyboard.press('Tab');
    await expect(triggers.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(triggers.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByText(copy.faq!.items[1]!.answer)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(triggers.nth(2)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the FAQ keeps one answer open at a time', async ({ page }) => {
    const items = COPY.v2.faq!.items;
    await open(page, 'v2');
    const faq = page.getByRole('region', { name: COPY.v2.faq!.title });
    const expanded = () =>
      faq.getByRole('button').evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')));
    await expect.poll(expanded).toEqual(items.map((_, i) => String(i === 0)));
    await expect(faq.getByText(items[0]!.answer)).toBeVisible();

    for (const i of [3, 1, items.length - 1]) {
      await faq.getByRole('button', { name: items[i]!.question }).click();
      await expect.poll(expanded).toEqual(items.map((_, j) => String(j === i)));
      await expect(faq.getByText(items[i]!.answer)).toBeVisible();
      await expect(faq.getByText(items[0]!.answer)).toBeHidden();
    }
    await faq.getByRole('button', { name: items[items.length - 1]!.question }).click();
    await expect.poll(expanded).toEqual(items.map(() => 'false'));
    await revealAll(page);
    await expectAccessible(page);
  });

  test('sections fade in when 20% visible, and not at all with reduced motion', async ({
    browser,
  }) => {
    const moving = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(moving, 'v2');
    const faqSection = moving.locator('[data-fade]').last();
    await expect(faqSection).toHaveAttribute('data-fade', 'out');
    await faqSection.scrollIntoViewIfNeeded();
    await expect(faqSection).toHaveAttribute('data-fade', 'in');
    await moving.close();

    const calm = await browser.newPage({
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    });
    await open(calm, 'v2');
    await calm.mouse.wheel(0, 4000);
    await expect(calm.locator('[data-fade]')).toHaveCount(0);
    await calm.close();
  });

  test('everything reads without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(campaign('v3'));
    const copy = COPY.v3;
    for (const text of [
      copy.welcomebanner.title,
      copy.creators.cards[3].title,
      copy.creatorcash.step1.description,
      copy.requirementsToJoin!.items[0]!,
      copy.faq!.items[0]!.answer,
      DISCLAIMER[0],
    ]) {
      await page.getByText(text, { exact: true }).scrollIntoViewIfNeeded();
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      const opacity = await page.getByText(text, { exact: true }).evaluate((el) => {
        let o = 1;
        for (let n: Element | null = el; n; n = n.parentElement)
          o *= Number(getComputedStyle(n).opacity);
        return o;
      });
      expect(opacity, text).toBe(1);
    }
    // The answers of closed questions are in the HTML too (for search engines and find-in-page).
    await expect(page.getByText(copy.faq!.items[2]!.answer)).toBeAttached();
    await context.close();
  });
});
