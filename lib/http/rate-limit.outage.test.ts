import { freePort, REDIS_MISSING, RedisServer, redisInstalled } from '@/test/redis-server';

/**
 * Three instances share a Redis that stops answering: each then counts alone, so each takes a
 * third of every limit, and the cluster together still refuses at the limit (15 wrong codes).
 */
const describeWithRedis = redisInstalled ? describe : describe.skip;
if (!redisInstalled) {
  describe('limits during a Redis outage', () => {
    it.skip(REDIS_MISSING, () => {});
  });
}

describeWithRedis('limits during a Redis outage', () => {
  let server: RedisServer;
  let rl: typeof import('./rate-limit');

  beforeAll(async () => {
    server = new RedisServer(await freePort());
    await server.start();
    process.env.REDIS_URL = `redis://127.0.0.1:${server.port}`;
    process.env.INSTANCE_COUNT = '3';
    rl = await import('./rate-limit');
  });

  afterAll(async () => {
    try {
      rl?.closeRateLimitStore();
    } finally {
      await server?.stop();
      delete process.env.REDIS_URL;
      delete process.env.INSTANCE_COUNT;
    }
  });

  it("refuses wrong codes past this instance's share of the limit while Redis is stalled", async () => {
    const email = 'outage@creator.test';
    const ip = '203.0.113.9';
    // With Redis up, the whole limit (15 from one address) is the cluster's.
    for (let i = 0; i < 6; i++) await rl.recordFailureFor('signInCode', ip, `up.${email}`);
    expect(await rl.checkLimitFor('signInCode', ip, `up.${email}`)).toBeNull();

    server.signal('SIGSTOP');
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        answers.push(await rl.checkLimitFor('signInCode', ip, email));
        await rl.recordFailureFor('signInCode', ip, email);
      }
      // 15 / 3 = 5 here: with the other two instances, at most 15 in all.
      expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
      expect(answers[5]?.text).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    } finally {
      server.signal('SIGCONT');
    }
  });
});
