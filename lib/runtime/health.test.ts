import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnv } from './env';
import { HEALTH_CACHE_MS, cachedHealth } from './health';

/** The three upstreams as one real HTTP server that counts the probes it receives. */
let server: http.Server;
let probes = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    probes += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

it('computes the figures at most once per window, shared by every caller', async () => {
  const { port } = server.address() as AddressInfo;
  const p = String(port);
  const env = parseEnv({ LOCAL_IDENTITY_PORT: p, LOCAL_CREATOR_PORT: p, LOCAL_EMBED_PORT: p });
  const t0 = 1_000_000;
  // Callers at once (the first computation still in flight) and within the window: one computation.
  const burst = await Promise.all([
    cachedHealth(env, t0),
    cachedHealth(env, t0 + 1),
    cachedHealth(env, t0 + HEALTH_CACHE_MS - 1),
  ]);
  expect(probes).toBe(3);
  expect(burst[1]).toEqual(burst[0]);
  expect(burst[2]).toEqual(burst[0]);
  expect(burst[0]).toEqual({
    ok: true,
    mode: 'local',
    upstreams: { identity: 'up', creatorSystem: 'up', analyticsEmbed: 'up' },
    redis: 'off',
    checkedAt: new Date(t0).toISOString(),
  });

  const later = await cachedHealth(env, t0 + HEALTH_CACHE_MS);
  expect(probes).toBe(6);
  expect(later.checkedAt).toBe(new Date(t0 + HEALTH_CACHE_MS).toISOString());
});
