import { defineConfig, devices } from '@playwright/test';
import { POOL } from './e2e/pool';
import { e2ePorts } from './e2e/ports';

const ports = e2ePorts();
const baseURL = `http://localhost:${ports.web}`;
// E2E_CLUSTER=1: the stack is npm run start:cluster (three instances behind haproxy with Redis),
// and the account flows run through the balancer, a creator's requests landing on every instance.
const cluster = process.env.E2E_CLUSTER === '1';

/** e2e runs against the real local stack, started here on a fresh data folder. */
export default defineConfig({
  testDir: './e2e',
  // e2e/*.test.ts are jest unit tests of the e2e helpers.
  testMatch: /.*\.spec\.ts$/,
  // Per port, so two runs (e.g. two people's) never wipe each other's traces.
  outputDir: `./test-results/e2e-${ports.web}-${POOL.name}${cluster ? '-cluster' : ''}`,
  fullyParallel: true,
  // Two cores: two browsers at once keep the server responsive.
  workers: 2,
  // A retry exists only to tell a flaky test from a broken one: a test that passed only on retry
  // still fails the run (failOnFlakyTests), and the summary counts it as failed.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // A whole walk's budget: the longest account walks take 38-44 s on this two-core machine while
  // the other worker's browser runs (load average about 11), a second or two under the old 45 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.E2E_JSON ?? '.data/test-results/e2e.json' }],
  ],
  use: {
    baseURL,
    // A trace only where it is read: a failure's retry. Recording every test and dropping the passes
    // ('retain-on-failure') cost a third of the run's time (79 walks: 12.4 min, 8.3 min without).
    // Locally, --trace on records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        /faults\.spec\.ts/,
        /audit\.spec\.ts/,
        /required-two-step\.spec\.ts/,
        /cluster\.spec\.ts/,
        /hosts\.spec\.ts/,
      ],
      use: { ...devices['Desktop Chrome'] },
    },
    // A pool that requires two-step verification starts a whole stack of its own: it runs after
    // the rest, so its servers do not slow the other tests down on a small machine.
    {
      name: 'required-two-step',
      testMatch: /required-two-step\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Three instances behind haproxy with Redis (npm run start:cluster), a cluster of its own: it
    // runs after the other stack of its own has stopped.
    {
      name: 'cluster',
      testMatch: /cluster\.spec\.ts/,
      dependencies: ['required-two-step'],
      use: { ...devices['Desktop Chrome'] },
    },
    // A plain `next build` of its own (a Vercel-style host) beside the run's: after the cluster.
    {
      name: 'hosts',
      testMatch: /hosts\.spec\.ts/,
      dependencies: ['cluster'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Fault switches are global to the stack: these files run after the rest, one after the
    // other (each file is serial inside).
    {
      name: 'faults',
      testMatch: /\/faults\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'faults-dashboard',
      testMatch: /dashboard-faults\.spec\.ts/,
      dependencies: ['faults'],
      use: { ...devices['Desktop Chrome'] },
    },
    // Reads what the whole run left behind (e.g. the web app's logs), so it runs last.
    { name: 'audit', testMatch: /audit\.spec\.ts/, dependencies: ['faults-dashboard'] },
  ],
  webServer: {
    command: `node scripts/local-reset.mjs && node scripts/start.mjs${cluster ? ' --cluster' : ''}`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8_000 },
    env: {
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(ports.web),
      LOCAL_IDENTITY_PORT: String(ports.identity),
      LOCAL_CREATOR_PORT: String(ports.creator),
      LOCAL_EMBED_PORT: String(ports.embed),
      LOCAL_DATA_DIR: `.data/e2e-${ports.web}`,
      STACK_LOG_DIR: `.data/e2e-${ports.web}/logs`,
      // A slow upstream fails after 4 s instead of 8 s, so fault tests stay quick.
      UPSTREAM_TIMEOUT_MS: '4000',
      // The run plays the one balancer in front: each test sends its own X-Forwarded-For
      // (e2e/fixtures.ts), which the app believes only with one trusted hop. Through the cluster's
      // haproxy, which appends its own, the run plays a CDN in front of it: two hops.
      TRUSTED_PROXY_HOPS: cluster ? '2' : '1',
      LOCAL_REDIS_PORT: String(10_000 + ports.web),
      // The pool's settings (e2e/pool.ts): the account flows run once more under the strict ones.
      ...POOL.env,
    },
  },
});
