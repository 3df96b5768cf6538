import { type Page, type Request } from '@playwright/test';
import { EMBED, expect, signInWithForm } from './fixtures';

export const CREATOR_DOWN =
  "We're having trouble connecting to our creator system. Please try again in a few minutes.";
export const SYSTEM_ERROR = 'System Error Occured';
export const CONNECTION_FAILED = 'Connection Failed! Please check your internet connection.';
export const ALL_SET = 'All Set! Your profile has been successfully updated.';
export { POOL_ID } from './fixtures';

/** The embedded dashboard frame and what it shows. */
export const frame = (page: Page) => page.locator('main iframe');
export const frameHeading = (page: Page) =>
  page.frameLocator('main iframe').getByRole('heading', { level: 1 });

/** Waits until the frame shows `title`, and checks it came from the analytics host with a token. */
export async function expectFrame(page: Page, title: string) {
  await expect(frameHeading(page)).toHaveText(title);
  const src = new URL((await frame(page).getAttribute('src'))!);
  expect(src.origin).toBe(new URL(EMBED).origin);
  expect(src.searchParams.get('embed')).toBe('true');
  expect(src.searchParams.get('embed_token')).toMatch(/\S{20,}/);
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
}

export const sideMenu = (page: Page, group: 'Dashboard' | 'Analytics' = 'Dashboard') =>
  page.getByRole('navigation', { name: `${group} menu` });
export const tabs = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** Signs in and waits for the dashboard frame. */
export async function signInToDashboard(page: Page, email: string, password: string) {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  await expectFrame(page, 'Dashboard');
}

/** Counts the browser's calls to /api/embed-token from now on. */
export function countTokenRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/embed-token') seen.push(r);
  });
  return () => seen.length;
}
