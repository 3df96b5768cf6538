import { readFileSync } from 'node:fs';
import { WEB_APP_LOG, expect, hydrated, metricPoints, test } from './fixtures';

const good = {
  name: 'LCP',
  value: 812.4,
  rating: 'good',
  id: 'v5-1',
  navigationType: 'navigate',
  page: '/login',
};

test('real page loads report their web vitals to metrics, not to the log', async ({ page }) => {
  const logged = readFileSync(WEB_APP_LOG, 'utf8').length;
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).click();
  // Leaving the page flushes LCP and CLS (they are final only then).
  await page.goto('/register');
  // Metrics are exported every 10 s in local mode (lib/runtime/telemetry).
  await expect
    .poll(() => metricPoints('web_vitals').filter((p) => p.attributes.page === '/login'), {
      timeout: 25_000,
    })
    .not.toEqual([]);
  const lcp = metricPoints('web_vitals').find(
    (p) => p.attributes.page === '/login' && p.attributes.metric === 'LCP',
  );
  expect(lcp?.value).toMatchObject({ count: expect.any(Number) });
  expect(readFileSync(WEB_APP_LOG, 'utf8').slice(logged)).not.toContain('"event":"vitals"');
});

test.describe('POST /api/vitals', () => {
  test('accepts a metric', async ({ request }) => {
    const res = await request.post('/api/vitals', { data: good });
    expect(res.status()).toBe(204);
  });

  test('refuses what is not a metric, without a 500', async ({ request }) => {
    const cases: [string, unknown][] = [
      ['garbage', 'not json at all'],
      ['an unknown metric', { ...good, name: 'XYZ' }],
      ['an extra field', { ...good, extra: 1 }],
      ['a negative value', { ...good, value: -1 }],
      ['a page that is not a path', { ...good, page: 'https://evil.example/' }],
      ['prototype pollution', JSON.parse('{"__proto__":{"polluted":1},"name":"LCP"}')],
    ];
    for (const [label, data] of cases) {
      const res = await request.post('/api/vitals', {
        data: typeof data === 'string' ? data : JSON.stringify(data),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status(), label).toBe(400);
    }
    const huge = await request.post('/api/vitals', {
      data: JSON.stringify({ ...good, id: 'x'.repeat(5000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status()).toBe(413);
  });
});

test.describe('nothing moves once a page has painted (CLS 0)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const pages = ['/login', '/register', '/forgot-password', '/login/email-code'];
  for (const path of pages)
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Hydrated: the form's code is in, at the first reach (decision 061), and React has
      // attached its handlers; whatever that changed is counted below.
      await hydrated(page, 'form');
      const shifts = await page.evaluate(
        () =>
          new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
            const seen: { value: number; nodes: string[] }[] = [];
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                value: number;
                sources?: {
                  node?: Node;
                  previousRect: DOMRectReadOnly;
                  currentRect: DOMRectReadOnly;
                }[];
              })[])
                seen.push({
                  value: entry.value,
                  // What moved and from where to where, so a failure says what to fix.
                  nodes: (entry.sources ?? []).map((s) => {
                    const r = (d: DOMRectReadOnly) => `${d.x},${d.y} ${d.width}x${d.height}`;
                    const node =
                      s.node instanceof Element
                        ? s.node.outerHTML.slice(0, 120)
                        : `${s.node?.nodeName} "${s.node?.textContent?.slice(0, 60)}" in ${s.node?.parentElement?.outerHTML.slice(0, 160)}`;
                    return `${node}: ${r(s.previousRect)} -> ${r(s.currentRect)}`;
                  }),
                });
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(seen), 300);
          }),
      );
      expect(shifts).toEqual([]);
    });
});
