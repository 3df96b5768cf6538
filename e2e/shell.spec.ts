import { signInAnswer } from './action-ids';
import {
  browserCookies,
  createAccount,
  expect,
  signInOverHttp,
  signInWithForm,
  test,
} from './fixtures';
import { LONG_NAME } from './layout/pages';

/** The signed-in frame's way in for a keyboard, and the name it shows at every width. */

test('after sign-in, focus is on the page heading; a move to Settings puts it on that heading', async ({
  page,
}) => {
  const account = await createAccount({ name: 'Maya Lopez' });
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maya Lopez' })).toBeFocused();
  await page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeFocused();
  // The next Tab is the page's first control, not the header's.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Edit Name' })).toBeFocused();
});

test('"Skip to content" comes before the header and lands before the first Edit', async ({
  signedInPage: page,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeFocused();
  // From the header's first control, one Tab back.
  await page.getByRole('button', { name: 'Menu', exact: true }).focus();
  await page.keyboard.press('Shift+Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  expect((await skip.boundingBox())!.width, 'shown when focused').toBeGreaterThan(60);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Edit Name' })).toBeFocused();
});

for (const width of [320, 390, 1280]) {
  test(`the header shows the name at ${width} px, cut short with the whole in its title`, async ({
    page,
  }) => {
    const account = await createAccount({ name: LONG_NAME });
    await page.setViewportSize({ width, height: 800 });
    await signInOverHttp(page, account.email, account.password);
    const name = page.getByRole('banner').getByTestId('user-name');
    await expect(name).toHaveText(LONG_NAME);
    await expect(name).toHaveAttribute('title', LONG_NAME);
    const box = (await name.boundingBox())!;
    expect(box.width, 'the name is shown, not only read out').toBeGreaterThan(50);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Still one row with the icons: the name shrinks rather than wraps.
    const settings = (await page
      .getByRole('banner')
      .getByRole('link', { name: 'Settings', exact: true })
      .boundingBox())!;
    expect(Math.abs(settings.y + settings.height / 2 - (box.y + box.height / 2))).toBeLessThan(4);
  });
}

test('without JavaScript, a signed-in page says why it cannot load instead of only "Loading…"', async ({
  browser,
  account,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const answer = await signInAnswer(baseURL, account.email, account.password, {
    'x-forwarded-for': '2001:db8::5c',
  });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies(browserCookies(answer.setCookies, baseURL));
  const page = await context.newPage();
  for (const path of ['/', '/profile']) {
    await page.goto(path);
    await expect(page.getByText(/^Your dashboard and settings need JavaScript\./)).toBeVisible();
  }
  await context.close();
});
