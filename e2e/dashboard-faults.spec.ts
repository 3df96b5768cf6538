import { expect, expectAccessible, setFault, signInWithForm, snap, test } from './fixtures';
import {
  CREATOR_DOWN,
  countTokenRequests,
  expectFrame,
  sideMenu,
  signInToDashboard,
} from './dashboard-fixtures';

// Fault switches are global to the stack: this file runs in the 'faults' project (its name ends
// in faults.spec.ts), after every other spec, one test at a time.
test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await setFault('embed_token', 'off');
});

test('creator system failing: the modal, and Retry recovers once it heals', async ({
  page,
  account: { email, password },
}) => {
  await setFault('embed_token', 'error');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  const modal = page.getByRole('dialog', { name: CREATOR_DOWN });
  await expect(modal).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'dashboard-creator-down-1280');

  // Still failing: Retry really asks again, and says so again.
  const requests = countTokenRequests(page);
  await modal.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(requests).toBe(1);
  await expect(modal).toBeVisible();

  await setFault('embed_token', 'off');
  await modal.getByRole('button', { name: 'Retry' }).click();
  await expectFrame(page, 'Dashboard');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('creator system slow: a loader, then the modal without hanging, then Retry', async ({
  page,
  account: { email, password },
}) => {
  await setFault('embed_token', 'slow');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'dashboard-loading-390');
  // The upstream timeout (4 s in e2e) answers long before the 30 s the fault would take.
  const modal = page.getByRole('dialog', { name: CREATOR_DOWN });
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await snap(page, 'dashboard-creator-down-390');

  await setFault('embed_token', 'off');
  await modal.getByRole('button', { name: 'Retry' }).click();
  await expectFrame(page, 'Dashboard');
});

test('a fault while navigating keeps the page usable', async ({
  page,
  account: { email, password },
}) => {
  await page.clock.install();
  await signInToDashboard(page, email, password);
  await setFault('embed_token', 'error');
  // Force a fresh token for the next entry.
  await page.clock.fastForward('01:00:00');
  await sideMenu(page).getByRole('link', { name: 'Tools' }).click();
  const modal = page.getByRole('dialog', { name: CREATOR_DOWN });
  await expect(modal).toBeVisible();
  await setFault('embed_token', 'off');
  await modal.getByRole('button', { name: 'Retry' }).click();
  await expectFrame(page, 'Tools');
});
