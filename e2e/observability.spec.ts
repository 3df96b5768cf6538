import { readFileSync } from 'node:fs';
import { WEB_APP_LOG, expect, formAlert, hydrated, metricPoints, spans, test } from './fixtures';

type Line = Record<string, unknown> & { event?: string; reqId?: string };

function logLines(): Line[] {
  return readFileSync(WEB_APP_LOG, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
}

const accessLineOf = (reqId: string) =>
  logLines().find((l) => l.event === 'http.access' && l.reqId === reqId);

test('each request leaves one access line, under the id its answer carries, with no query', async ({
  request,
}) => {
  const res = await request.get('/login?email=someone%40example.com&code=424242');
  const reqId = res.headers()['x-request-id']!;
  expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
  await expect.poll(() => accessLineOf(reqId), { timeout: 10_000 }).toBeTruthy();
  expect(accessLineOf(reqId)).toMatchObject({ method: 'GET', route: '/login', status: 200 });
  expect(logLines().filter((l) => l.reqId === reqId && l.event === 'http.access')).toHaveLength(1);
  expect(JSON.stringify(logLines().filter((l) => l.reqId === reqId))).not.toContain('424242');

  // A static file, outside the guard, has its id and line too.
  const robots = await request.get('/robots.txt');
  const robotsId = robots.headers()['x-request-id']!;
  await expect.poll(() => accessLineOf(robotsId)?.route, { timeout: 10_000 }).toBe('/robots.txt');
});

test("a form's action and what it logs share the request's id", async ({ page, account }) => {
  await page.goto('/login');
  // The action as the hydrated form calls it (its Next-Action header); a form posted before its
  // code arrived is a plain POST of the page (decision 061), logged without `action`.
  await hydrated(page, 'form button[type="submit"]');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!Pass1');
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const reqId = (await (await answered).allHeaders())['x-request-id']!;
  await expect(formAlert(page)).toBeVisible();
  await expect
    .poll(() => accessLineOf(reqId), { timeout: 10_000 })
    .toMatchObject({ method: 'POST', route: '/login', action: true, status: 200 });
  const failed = logLines().find((l) => l.event === 'auth.sign_in_failed' && l.reqId === reqId);
  expect(failed?.account).toMatch(/^e:[0-9a-f]{16}$/);
});

test("traces and metrics: Next's spans per request and our metrics, in the local files", async ({
  page,
  account,
}) => {
  test.setTimeout(60_000);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');
  // Next's root span names the route; the Cognito calls the sign-in made are timed.
  await expect
    .poll(() => spans().some((s) => s.name === 'GET /login' && s.attributes['next.route']), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect
    .poll(
      () =>
        metricPoints('upstream.request.duration').some(
          (p) =>
            p.attributes.upstream === 'cognito' &&
            p.attributes.operation === 'InitiateAuth' &&
            p.attributes.outcome === 'ok',
        ),
      { timeout: 25_000 },
    )
    .toBe(true);
  const requests = metricPoints('http.server.request.duration');
  expect(requests.some((p) => p.attributes.route === '/login' && p.attributes.status === 200)).toBe(
    true,
  );
  expect(metricPoints('nodejs.eventloop.delay').length).toBeGreaterThan(0);
  // A route, never a raw path, so the set stays small.
  for (const p of requests) expect(String(p.attributes.route)).not.toMatch(/\?|@/);
});
