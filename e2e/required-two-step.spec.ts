import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { checkLayout } from './layout/check';
import { LAYOUT_PAGES } from './layout/pages';
import { confirmedAccountOn, startSideStack, type SideStack } from './side-stack';
import {
  enterCode,
  expect,
  expectAccessible,
  snap,
  STRONG_PASSWORD,
  test,
  totpCode,
} from './fixtures';

/**
 * A pool that requires two-step verification (IDENTITY_MFA=required): a creator without it sets
 * up an authenticator app before reaching the dashboard (MFA_SETUP). The setting is the pool's,
 * so this file starts a stack of its own beside the run's, on ports 20 above it.
 */

let stack: SideStack;
let WEB = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startSideStack({ offset: 20, env: { IDENTITY_MFA: 'required' } });
  WEB = stack.web;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stack?.stop();
});

/** A creator with a confirmed account and no two-step method, on this file's stack. */
const accountWithoutTwoStep = () => confirmedAccountOn(stack, 'required');

async function signIn(page: Page, email: string) {
  await page.goto(`${WEB}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a creator without two-step verification sets up an authenticator app before the dashboard', async ({
  page,
}) => {
  const email = await accountWithoutTwoStep();
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa/setup`);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  // Every method the pool lets a sign-in set up, text messages told for later, and help.
  const choices = page.getByRole('group', { name: 'Get codes with' }).getByRole('radio');
  await expect(choices).toHaveCount(2);
  await expect(page.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Email' })).toHaveAccessibleDescription(
    `We email a code to ${email[0]}•••@${email.split('@')[1]} each time you sign in.`,
  );
  await expect(page.getByText(/Text messages: once you're in, add and verify/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get help' })).toHaveAttribute('href', /^mailto:/);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await snap(page, `required-two-step-choice-${width}`);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get help' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'required-two-step-setup');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'required-two-step-setup-mobile');
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls, 'no sideways scrolling at 390 px').toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });

  const secret = (await page.locator('code').innerText()).replace(/\s/g, '');
  const code = generateSync({ secret });
  // A wrong code first: refused under the boxes; the set-up waits.
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(page.getByText('Invalid verification code.')).toBeVisible();
  await expect(page).toHaveURL(`${WEB}/login/mfa/setup`);

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Turn on and continue' }).click();
  // Recovery codes come with the app, once, before the dashboard (decision 046).
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'required-two-step-recovery-codes-390');
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    ),
    'no sideways scrolling at 390 px',
  ).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page).toHaveURL(`${WEB}/`);
  // They were kept: the profile counts them.
  await page.goto(`${WEB}/profile`);
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Recovery codes', exact: true }) }),
  ).toContainText('10 of 10 left');

  // The next sign-in asks for the app's code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa`);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  await enterCode(page, await totpCode(secret, [code]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${WEB}/`);
});

test('a creator without two-step verification can choose email codes instead, and signs in with them from then on', async ({
  page,
}) => {
  const email = await accountWithoutTwoStep();
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa/setup`);
  await page.getByRole('radio', { name: 'Email' }).check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${WEB}/login/mfa`);
  await expect(page.getByText(/Enter the 6-digit code we emailed to/)).toBeVisible();
  await enterCode(page, await waitForCodeOn(email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${WEB}/`);
  // Email codes are on, and asked for at the next sign-in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const again = Date.now();
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa`);
  await enterCode(page, await waitForCodeOn(email, again));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${WEB}/`);
});

/** The newest two-step code this file's stack emailed to `email` since `since`. */
async function waitForCodeOn(email: string, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await fetch(`${stack.identity}/__local/outbox?to=${encodeURIComponent(email)}`);
        const list = (await res.json()) as { purpose: string; code?: string; sentAt: string }[];
        code =
          list.find((m) => m.purpose === 'mfa' && Date.parse(m.sentAt) >= since - 1000)?.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

// The layout check (e2e/layout.spec.ts) for the pages only this pool shows.
for (const entry of LAYOUT_PAGES.filter((e) => e.stack === 'mfa-required')) {
  test(`layout holds at the run's widths: ${entry.page}`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, await accountWithoutTwoStep());
    const problems = await checkLayout(page, entry, WEB);
    expect(problems, `layout problems on ${entry.page}`).toEqual([]);
  });
}
