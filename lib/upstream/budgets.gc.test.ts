import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { createAdminClient } from '@/lib/cognito/admin';
import { createCognitoClient } from '@/lib/cognito/client';
import { toAuthFailure } from '@/lib/cognito/errors';
import { fetchEmbedToken, findCreator } from '@/lib/creators';
import { parseEnv } from '@/lib/runtime/env';
import { checkHealth } from '@/lib/runtime/health';
import { upstreamGuard } from './guard';

// Every budget must fire even when the collector runs while the call waits: a timer that holds its
// signal only weakly loses it, and the call then waits for the upstream instead (30 s here).
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('node:v8').setFlagsFromString('--expose-gc');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gc = require('node:vm').runInNewContext('gc') as () => void;

// Long enough for a call that waits for the slow answer to be seen failing, not cut short.
jest.setTimeout(45_000);

const SLOW_MS = 30_000;

/** An upstream that answers every request after 30 s, and counts them. */
async function slowUpstream() {
  const timers = new Set<NodeJS.Timeout>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    req.resume();
    timers.add(setTimeout(() => res.end('{}'), SLOW_MS));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    },
  };
}

// A full collection here takes 40-100 ms: one still running at the deadline would delay every
// timer alike, so the collections stop this long before it. One collection is enough to lose a
// signal held weakly.
const QUIET_MS = 200;

/** How long the call took, with a full collection every 20 ms until shortly before `budgetMs`. */
async function underGc(call: () => Promise<unknown>, budgetMs: number) {
  const until = performance.now() + budgetMs - QUIET_MS;
  let next: NodeJS.Timeout | undefined;
  const collect = () => {
    gc();
    if (performance.now() < until) next = setTimeout(collect, 20);
  };
  next = setTimeout(collect, 0);
  const started = performance.now();
  try {
    const outcome: { value?: unknown; error?: unknown } = await call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...outcome, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(next);
  }
}

/**
 * Never early, and at the budget rather than the upstream's 30 s: within 10% on a quiet machine,
 * and 400 ms more allowed for the gate's three jest workers on two cores, each collecting every
 * 20 ms (seen: 343 and 537 for 300). A budget lost to the collector takes the whole 30 s.
 */
function within(ms: number, budgetMs: number) {
  expect(ms).toBeGreaterThanOrEqual(budgetMs * 0.9);
  expect(ms).toBeLessThanOrEqual(budgetMs * 1.1 + 400);
}

// Each path's first timeout loads and compiles code: done once here, so the figures below are the
// budgets' own and not the first run's.
beforeAll(async () => {
  const warm = await slowUpstream();
  try {
    const creators = {
      CREATOR_API_URL: warm.url,
      CREATOR_API_KEY: undefined,
      UPSTREAM_TIMEOUT_MS: 100,
    };
    const p = String(warm.port);
    const env = parseEnv({
      LOCAL_IDENTITY_PORT: p,
      LOCAL_CREATOR_PORT: p,
      LOCAL_EMBED_PORT: p,
      UPSTREAM_TIMEOUT_MS: '100',
    });
    const getUser = new GetUserCommand({ AccessToken: 'token' });
    await Promise.allSettled([
      findCreator('a@b.co', creators),
      fetchEmbedToken('cm-1', creators),
      createCognitoClient(env).send(getUser),
      createAdminClient(env).send(getUser),
      checkHealth(env, 100),
    ]);
  } finally {
    warm.close();
  }
  gc();
});

let upstream: Awaited<ReturnType<typeof slowUpstream>>;
beforeEach(async () => {
  upstream = await slowUpstream();
});
afterEach(() => upstream.close());

describe('the creator system, collected while it waits', () => {
  const config = (timeout: number, budget?: number) => ({
    CREATOR_API_URL: upstream.url,
    CREATOR_API_KEY: undefined,
    UPSTREAM_TIMEOUT_MS: timeout,
    ...(budget ? { CREATOR_LOOKUP_BUDGET_MS: budget } : {}),
  });

  it('the lookup gives up at CREATOR_LOOKUP_BUDGET_MS', async () => {
    const { value, ms } = await underGc(() => findCreator('a@b.co', config(5000, 400)), 400);
    expect(value).toEqual({ ok: false, reason: 'unavailable' });
    within(ms, 400);
  });

  it('the embed token gives up at UPSTREAM_TIMEOUT_MS', async () => {
    const { value, ms } = await underGc(() => fetchEmbedToken('cm-1', config(500)), 500);
    expect(value).toEqual({ ok: false, reason: 'unavailable' });
    within(ms, 500);
  });

  it('five lookups past their budget open the breaker: the sixth is refused without a call', async () => {
    const silent = config(5000, 300);
    for (let i = 0; i < 5; i++) {
      const { value, ms } = await underGc(() => findCreator('a@b.co', silent), 300);
      expect(value).toEqual({ ok: false, reason: 'unavailable' });
      within(ms, 300);
    }
    expect(upstream.requests()).toBe(5);
    const { value, ms } = await underGc(() => fetchEmbedToken('cm-1', silent), 300);
    expect(value).toEqual({ ok: false, reason: 'unavailable' });
    expect(ms).toBeLessThan(50);
    expect(upstream.requests()).toBe(5);
  });
});

it('the guard counts each budget that fired as silence: three open its breaker', async () => {
  const run = upstreamGuard('gc-test', 5000, {
    concurrency: 10,
    failures: 3,
    halfOpenAfterMs: 10_000,
  });
  const call = (signal: AbortSignal) => fetch(upstream.url, { signal }).then((res) => res.text());
  for (let i = 0; i < 3; i++) {
    const { error, ms } = await underGc(() => run(call, { budgetMs: 300 }), 300);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    within(ms, 300);
  }
  const { error, ms } = await underGc(() => run(call, { budgetMs: 300 }), 300);
  expect(error).toMatchObject({ name: 'UpstreamRefused', reason: 'open' });
  expect(ms).toBeLessThan(50);
  expect(upstream.requests()).toBe(3);
});

it('an answer whose body stalls is still cut at the deadline, read after the call', async () => {
  const stalled = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"token":');
  });
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = stalled.address() as AddressInfo;
    const run = upstreamGuard('gc-test-body', 400);
    const { error, ms } = await underGc(async () => {
      const res = await run((signal) => fetch(`http://127.0.0.1:${port}`, { signal }));
      return res.text();
    }, 400);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    within(ms, 400);
  } finally {
    stalled.closeAllConnections();
    stalled.close();
  }
});

describe('the identity service, collected while it waits', () => {
  const env = () =>
    parseEnv({ LOCAL_IDENTITY_PORT: String(upstream.port), UPSTREAM_TIMEOUT_MS: '500' });
  const getUser = () => new GetUserCommand({ AccessToken: 'token' });
  const networkError = { kind: 'unavailable', message: { text: 'Network Error' } };

  it('a call gives up at UPSTREAM_TIMEOUT_MS, retries included', async () => {
    const client = createCognitoClient(env());
    const { error, ms } = await underGc(() => client.send(getUser()), 500);
    expect(toAuthFailure(error, 'refresh', 'help@x.co')).toMatchObject(networkError);
    within(ms, 500);
  });

  it('a call with a signal of the caller’s own gives up at UPSTREAM_TIMEOUT_MS too', async () => {
    const client = createCognitoClient(env());
    const own = new AbortController();
    const { error, ms } = await underGc(
      () => client.send(getUser(), { abortSignal: own.signal }),
      500,
    );
    expect(toAuthFailure(error, 'refresh', 'help@x.co')).toMatchObject(networkError);
    within(ms, 500);
  });

  it('the admin client gives up at UPSTREAM_TIMEOUT_MS', async () => {
    const client = createAdminClient(env());
    const { error, ms } = await underGc(() => client.send(getUser()), 500);
    expect(toAuthFailure(error, 'refresh', 'help@x.co')).toMatchObject(networkError);
    within(ms, 500);
  });
});

it('the health probes give up at their timeout', async () => {
  const p = String(upstream.port);
  const env = parseEnv({ LOCAL_IDENTITY_PORT: p, LOCAL_CREATOR_PORT: p, LOCAL_EMBED_PORT: p });
  const { value, ms } = await underGc(() => checkHealth(env, 400), 400);
  expect(value).toMatchObject({
    ok: false,
    upstreams: { identity: 'down', creatorSystem: 'down', analyticsEmbed: 'down' },
  });
  within(ms, 400);
});
