import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_STACK } from '../contract/local-stack';
import { assembleImage, imageFacts } from '../scripts/image-steps.mjs';
import { expect, formAlert, STRONG_PASSWORD, test } from './fixtures';
import { e2ePorts } from './ports';
import { confirmedAccountOn, startSideStack, type SideStack } from './side-stack';

// One delivery path (docs/decisions/036): a host that runs plain `next build` (a Vercel-style
// host; here COMPILE_HINTS=0, so nothing runs after `next build`) serves the same pages with the
// same headers as `npm run build`. The guard sets every header that matters, on every host.

test.describe.configure({ mode: 'serial' });

let plain: SideStack;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  plain = await startSideStack({
    offset: 60,
    // A drain delay, as behind a balancer, for the last test (decision 041).
    env: { NEXT_DIST_DIR: '.next-plain', COMPILE_HINTS: '0', DRAIN_DELAY_MS: '1500' },
  });
});
test.afterAll(async () => {
  test.setTimeout(60_000);
  await plain?.stop();
});

const campaign = `/creatorcash?${Buffer.from('variant=v2').toString('base64')}`;

/** What may differ between two answers of the same build: per request, per run, per port. */
function normalized(headers: Record<string, string>, port: number, embedPort: number) {
  const skip = new Set([
    'date',
    'last-modified',
    'etag',
    'x-request-id',
    'keep-alive',
    'connection',
    'content-length',
    'transfer-encoding',
  ]);
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => [
        name,
        value
          .replace(/'nonce-[A-Za-z0-9+/=]+'/g, "'nonce-…'")
          .replace(new RegExp(`:${embedPort}\\b`, 'g'), ':EMBED')
          .replace(new RegExp(`:${port}\\b`, 'g'), ':WEB')
          .replace(/\/_next\/static\/[^\s,;"]+/g, '/_next/static/…'),
      ])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

test('a plain next build serves every kind of answer with the same headers', async ({
  request,
  baseURL,
}) => {
  const ours = new URL(baseURL!);
  const base = { ours: baseURL!, plain: plain.web.replace('127.0.0.1', 'localhost') };
  const ports = {
    ours: { web: Number(ours.port), embed: e2ePorts().embed },
    plain: { web: plain.ports.web, embed: plain.ports.embed },
  };
  // A script file of the page, by its own name in each build.
  const script = async (at: string) => {
    const html = await (await request.get(`${at}/login`)).text();
    return /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  };
  const paths = [
    '/login',
    '/register',
    '/forgot-password',
    '/login?reason=expired&email=casey%40creator.test',
    '/',
    '/profile',
    '/creatorcash/v1',
    campaign,
    '/creatorcash?not-a-campaign',
    '/robots.txt',
    '/api/health',
    '/no-such-page',
  ];
  for (const path of paths) {
    const [a, b] = await Promise.all(
      (['ours', 'plain'] as const).map((host) =>
        request.get(`${base[host]}${path}`, { maxRedirects: 0 }),
      ),
    );
    expect(b!.status(), path).toBe(a!.status());
    expect(normalized(b!.headers(), ports.plain.web, ports.plain.embed), path).toEqual(
      normalized(a!.headers(), ports.ours.web, ports.ours.embed),
    );
  }
  const [mine, theirs] = await Promise.all([script(base.ours), script(base.plain)]);
  expect(mine && theirs).toBeTruthy();
  const [a, b] = await Promise.all([
    request.get(`${base.ours}${mine}`),
    request.get(`${base.plain}${theirs}`),
  ]);
  expect(b.status()).toBe(a.status());
  expect(normalized(b.headers(), ports.plain.web, ports.plain.embed)).toEqual(
    normalized(a.headers(), ports.ours.web, ports.ours.embed),
  );
  // The one difference: the compile hint on the first line (scripts/compile-hints.mjs).
  expect((await a.text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
  expect((await b.text()).startsWith('//#')).toBe(false);
});

test('the container image, by its own steps: production dependencies only, non-root, its health check, drained on its stop signal', async () => {
  test.setTimeout(240_000);
  const root = path.resolve(__dirname, '..');
  const facts = imageFacts(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  expect(facts.base).toMatch(/^node:24-/);
  expect(facts.user).not.toMatch(/^(root|0)$/);
  expect(facts.env).toMatchObject({
    NODE_ENV: 'production',
    HOSTNAME: '0.0.0.0',
    NEXT_MANUAL_SIG_HANDLE: 'true',
  });
  expect(facts.stopSignal).toBe('SIGTERM');
  expect(facts.healthcheck?.join(' ')).toContain('/api/live');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'image-'));
  try {
    assembleImage({ root, dir, distDir: '.next-plain' });
    const port = String(e2ePorts().web + 65);
    // A production configuration on the side stack's services; nothing from this checkout.
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      ...facts.env,
      PORT: port,
      COGNITO_USER_POOL_ID: LOCAL_STACK.poolId,
      COGNITO_CLIENT_ID: LOCAL_STACK.clientId,
      COGNITO_ENDPOINT: plain.identity,
      SESSION_SECRET: 'an-image-test-secret-of-at-least-32-characters',
      CREATOR_API_URL: plain.creator,
      ANALYTICS_EMBED_URL: `http://127.0.0.1:${plain.ports.embed}`,
      SUPPORT_EMAIL: 'support@creator.test',
      TERMS_URL: 'https://creator.test/terms',
      PRIVACY_URL: 'https://creator.test/privacy',
      AWS_ACCESS_KEY_ID: 'AKIAIMAGETEST',
      AWS_SECRET_ACCESS_KEY: 'image-test',
      DRAIN_DELAY_MS: '500',
    };
    const [command, ...args] = facts.cmd!;
    const server = spawn(command!, args, {
      cwd: dir,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      const [check, ...checkArgs] = facts.healthcheck!;
      const healthy = () =>
        new Promise<number | null>((resolve) =>
          spawn(check!, checkArgs, { cwd: dir, env: env as NodeJS.ProcessEnv }).on('exit', resolve),
        );
      await expect.poll(healthy, { timeout: 60_000, intervals: [500] }).toBe(0);
      const login = await fetch(`http://127.0.0.1:${port}/login`);
      expect(login.status).toBe(200);
      expect(login.headers.get('content-security-policy')).toContain("'nonce-");
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    } finally {
      server.kill(facts.stopSignal as NodeJS.Signals);
    }
    expect(await exited, output).toBe(0);
    expect(output).toContain('"event":"server.drained"');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('SIGTERM: not ready at once, served through the delay, the request in flight answered, exit 0', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = await confirmedAccountOn(plain, 'drain');
  // A request in flight: a sign-in while Cognito does not answer takes the 4 s upstream timeout.
  await fetch(`${plain.identity}/__local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ operation: 'InitiateAuth', mode: 'stall' }),
  });
  await page.goto(`${plain.web}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  const sent = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().endsWith('/login'),
  );
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await sent;
  await page.waitForTimeout(500);
  const exited = plain.terminate();

  await expect.poll(async () => (await fetch(`${plain.web}/api/ready`)).status).toBe(503);
  expect((await fetch(`${plain.web}/api/live`)).status).toBe(200);
  await expect(formAlert(page)).toHaveText('Network Error', { timeout: 8000 });
  expect(await exited).toBe(0);
  const log = plain.log('web-app');
  expect(log).toContain('"event":"server.draining"');
  expect(log).toContain('"event":"server.drained"');
  expect(log).not.toContain('server.drain_cut');
});
