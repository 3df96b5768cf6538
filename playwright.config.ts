import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';
import { POOL } from './e2e/pool';
import { e2ePorts } from './e2e/ports';
import { FULL_RUN } from './e2e/run';

const ports = e2ePorts();
const baseURL = `http://localhost:${ports.web}`;
// E2E_CLUSTER=1: the stack is npm run start:cluster (three instances behind haproxy with Redis),
// and the account flows run through the balancer, a creator's requests landing on every instance.
const cluster = process.env.E2E_CLUSTER === '1';
// Debian's headless shell: the same Chromium without its window system, a third of the CPU for a
// new page (decision 052). CHROMIUM_PATH names another build (/usr/bin/chromium, the full one).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** e2e runs against the real local stack, started here on a fresh data folder. */
export default defineConfig({
  testDir: './e2e',
  // e2e/*.test.ts are jest unit tests of the e2e helpers.
  testMatch: /.*\.spec\.ts$/,
  // Per port, so two runs (e.g. two people's) never wipe each other's traces.
  outputDir: `./test-results/e2e-${ports.web}-${POOL.name}${cluster ? '-cluster' : ''}`,
  fullyParallel: true,
  // Two cores, three browsers: a third keeps the CPU busy while a walk waits on its server, its
  // timers or an authenticator's next step (the gate's browser pass: 11.7 minutes with two, 9.1
  // with three).
  workers: 3,
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
      executablePath: chromium,
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
    // The stacks of their own run after the rest, so their servers do not slow the main walks
    // down on a small machine, and beside each other and the faults: a pool that requires two-step
    // verification; three instances behind haproxy with Redis (npm run start:cluster); in the full
    // run, after the cluster, a plain `next build` of its own (a Vercel-style host).
    {
      name: 'required-two-step',
      testMatch: /required-two-step\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    {
      name: 'cluster',
      testMatch: /cluster\.spec\.ts/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
    // The gate leaves the hosts spec to `npm run test:full` (e2e/run.ts).
    ...(FULL_RUN
      ? [
          {
            name: 'hosts',
            testMatch: /hosts\.spec\.ts/,
            // After the cluster: its own build beside the cluster's killed instance starved the
            // balancer's health checks once (cluster.spec.ts, 'an instance killed').
            dependencies: ['cluster'],
            use: { ...devices['Desktop Chrome'] },
          },
        ]
      : []),
    // Fault switches are global to the stack: these files run after the rest, one test at a time
    // (one worker), beside the stacks of their own.
    {
      name: 'faults',
      testMatch: /\/(dashboard-)?faults\.spec\.ts/,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'] },
    },
    // Reads what the whole run left behind (e.g. the web app's logs), so it runs last.
    { name: 'audit', testMatch: /audit\.spec\.ts/, dependencies: ['faults'] },
  ],
  webServer: {
    command: `node scripts/local-reset.mjs && node scripts/start.mjs${cluster ? ' --cluster' : ''}`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Every service's output is in STACK_LOG_DIR (scripts/start.mjs); the console keeps the
    // runner's own lines and the services' errors.
    stdout: 'ignore',
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
