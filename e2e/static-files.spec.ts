import type { Response } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

// The build's scripts and styles are compressed once with brotli and served as they are to a
// browser that takes it; any other gets Next's gzip (docs/decisions/028).

test('a page loads its scripts and styles precompressed, and runs them under their hashes', async ({
  page,
}) => {
  const files: Response[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.startsWith('/_next/static/')) files.push(res);
  });
  await page.goto('/login');
  await hydrated(page, 'form');
  await page.waitForLoadState('networkidle');
  const scripts = files.filter((res) => res.request().resourceType() === 'script');
  expect(scripts.length).toBeGreaterThan(5);
  expect(files.some((res) => res.request().resourceType() === 'stylesheet')).toBe(true);
  for (const res of files) {
    const headers = await res.allHeaders();
    expect([res.url(), res.status(), headers['content-encoding']]).toEqual([res.url(), 200, 'br']);
    expect(headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      vary: 'Accept-Encoding',
    });
  }
});

test('the same file reaches a client without brotli gzipped, byte for byte the same', async ({
  page,
  request,
}) => {
  let largest: string | null = null;
  let size = 0;
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const length = Number((await res.allHeaders())['content-length'] ?? 0);
    if (length > size) [largest, size] = [new URL(res.url()).pathname, length];
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(largest).not.toBeNull();
  const raw = async (encoding: string) => {
    const res = await request.get(largest!, { headers: { 'accept-encoding': encoding } });
    expect(res.status()).toBe(200);
    return res;
  };
  // Playwright's client undoes the encoding it is sent: compare what each decodes to.
  const br = await raw('br');
  const gzip = await raw('gzip');
  expect(br.headers()['content-encoding']).toBe('br');
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const body = await br.body();
  expect(body.length).toBeGreaterThan(size);
  expect(body.equals(await gzip.body())).toBe(true);
});

// Every script the browser runs carries V8's compile hint on its first line, so its functions are
// compiled while it streams, off the main thread (docs/decisions/029).
test('every script a page runs asks to be compiled as it loads', async ({ page }) => {
  for (const path of ['/login', '/creatorcash/v1']) {
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
    expect(lines.length).toBeGreaterThan(5);
    for (const [url, first] of lines)
      expect([url, first]).toEqual([url, '//# allFunctionsCalledOnLoad']);
  }
});
