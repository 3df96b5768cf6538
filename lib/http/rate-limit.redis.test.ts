import Redis from 'ioredis';
import { freePort, REDIS_MISSING, RedisServer, redisInstalled } from '@/test/redis-server';

/**
 * The rate limits against a real redis-server (Debian's package), started here on a free port and
 * stalled with SIGSTOP the way a hung Redis behaves: the connection stays open, nothing answers.
 */

const installed = redisInstalled;
const describeWithRedis = installed ? describe : describe.skip;
if (!installed) {
  describe('rate limits with Redis', () => {
    it.skip(REDIS_MISSING, () => {});
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

describeWithRedis('rate limits with Redis', () => {
  let server: RedisServer;
  let reader: Redis;
  let rl: typeof import('./rate-limit');
  let health: typeof import('../runtime/health');
  let env: typeof import('../runtime/env');

  beforeAll(async () => {
    server = new RedisServer(await freePort());
    await server.start();
    process.env.REDIS_URL = `redis://127.0.0.1:${server.port}`;
    rl = await import('./rate-limit');
    health = await import('../runtime/health');
    env = await import('../runtime/env');
    reader = new Redis(server.port, '127.0.0.1', { lazyConnect: true });
  });

  afterAll(async () => {
    try {
      rl?.closeRateLimitStore();
      reader?.disconnect();
    } finally {
      await server?.stop();
      delete process.env.REDIS_URL;
    }
  });

  const stored = async (key: string) => Number((await reader.get(key)) ?? 0);

  it('counts a check made while the connection is still being made, in Redis', async () => {
    // The first check of the process opens the connection.
    const email = 'connecting@creator.test';
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await rl.checkLimitFor('resendCode', '203.0.113.1', email));
    expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(answers[5]?.text).toMatch(
      /^You asked for several codes\. Use the newest one, or ask again in \d+ (seconds|minutes)\.$/,
    );
    expect(await stored(`rl:resendCode:email:${email}`)).toBe(6);
  });

  it('answers within a second while Redis is stalled, and still counts', async () => {
    const email = 'stalled@creator.test';
    server.signal('SIGSTOP');
    try {
      const runs = [];
      for (let i = 0; i < 6; i++)
        runs.push(await timed(() => rl.checkLimitFor('resendCode', '203.0.113.2', email)));
      for (const r of runs) expect(r.ms).toBeLessThan(1000);
      expect(runs.slice(0, 5).map((r) => r.value)).toEqual([null, null, null, null, null]);
      expect(runs[5]!.value?.text).toMatch(/^You asked for several codes\./);
      // Once one command timed out, the rest go to memory at once.
      expect(Math.max(...runs.slice(1).map((r) => r.ms))).toBeLessThan(100);

      const checked = await timed(() => health.checkHealth(env.getEnv(), 500));
      expect(checked.value.redis).toBe('down');
      expect(checked.value.ok).toBe(false);
      expect(checked.ms).toBeLessThan(1500);
    } finally {
      server.signal('SIGCONT');
    }
  });

  it('goes back to Redis once it answers again', async () => {
    let state = 'down';
    for (let i = 0; i < 40 && state !== 'up'; i++) {
      state = (await health.checkHealth(env.getEnv(), 500)).redis;
      if (state !== 'up') await sleep(100);
    }
    expect(state).toBe('up');
    await rl.checkLimitFor('resendCode', '203.0.113.3', 'resumed@creator.test');
    expect(await stored('rl:resendCode:email:resumed@creator.test')).toBe(1);
  });
});

describeWithRedis('the Redis link', () => {
  let server: RedisServer;
  let link: import('../upstream/redis-link').RedisLink;
  const changes: string[] = [];

  beforeAll(async () => {
    server = new RedisServer(await freePort());
    await server.start();
    const { RedisLink } = await import('../upstream/redis-link');
    link = new RedisLink(`redis://127.0.0.1:${server.port}`, {
      onChange: (state) => changes.push(state),
    });
  });

  afterAll(async () => {
    try {
      link?.close();
    } finally {
      await server?.stop();
    }
  });

  const waitFor = async (want: string[]) => {
    for (let i = 0; i < 100 && changes.join() !== want.join(); i++) await sleep(50);
    expect(changes).toEqual(want);
  };

  it('reports one change per state, however many errors come in between', async () => {
    await waitFor(['up']);
    expect(link.state).toBe('up');

    server.signal('SIGSTOP');
    for (let i = 0; i < 3; i++) expect(await link.ping(300)).toBe(false);
    expect(changes).toEqual(['up', 'down']);
    expect(link.usable()).toBe(false);

    server.signal('SIGCONT');
    expect(await link.ping(1000)).toBe(true);
    expect(changes).toEqual(['up', 'down', 'up']);

    // Gone: ioredis retries every few hundred ms, each attempt an error event.
    await server.stop();
    await sleep(2500);
    expect(changes).toEqual(['up', 'down', 'up', 'down']);

    await server.start();
    await waitFor(['up', 'down', 'up', 'down', 'up']);
  });
});
