import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REDIS_MISSING, RedisServer, redisInstalled } from '@/test/redis-server';
import { RedisQueue } from './redis-queue';

/**
 * The shared jobs (BullMQ) against a real redis-server run as production runs it, persistence on:
 * a job added by an instance that then died runs on another, once, even when Redis itself went
 * down hard in between.
 */

const describeWithRedis = redisInstalled ? describe : describe.skip;
if (!redisInstalled) {
  describe('the shared jobs', () => {
    it.skip(REDIS_MISSING, () => {});
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWithRedis('the shared jobs', () => {
  let server: RedisServer;
  let url: string;
  const queues: RedisQueue[] = [];
  const open = (run: (kind: string, data: unknown) => Promise<void>) => {
    const q = new RedisQueue(url, run);
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    server = new RedisServer(
      await freePort(),
      mkdtempSync(path.join(os.tmpdir(), 'cd-redis-aof-')),
    );
    await server.start();
    url = `redis://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await server?.stop();
  });

  it('a job from an instance that died, through a Redis crash, runs on another instance once', async () => {
    const first = open(async () => {
      throw new Error('the first instance never runs it');
    });
    await first.add({
      id: 'two-step-check/a@b/1',
      kind: 'check',
      data: { n: 1 },
      due: Date.now() + 3_600_000,
    });
    await first.close();

    // Redis killed once its append-only file was written (everysec), then started again.
    await sleep(1500);
    await server.stop({ crash: true });
    await server.start();

    const ran: unknown[] = [];
    const second = open(async (kind, data) => void ran.push([kind, data]));
    second.start();
    const delayed = await second.handle.getDelayed();
    expect(delayed.map((j) => j.data)).toEqual([{ n: 1 }]);
    // Its due time reached.
    await delayed[0]!.promote();
    for (let i = 0; i < 100 && ran.length === 0; i++) await sleep(50);
    await sleep(200);
    expect(ran).toEqual([['check', { n: 1 }]]);
    expect(await second.handle.getJobCounts('delayed', 'waiting', 'active', 'failed')).toEqual({
      delayed: 0,
      waiting: 0,
      active: 0,
      failed: 0,
    });
  });

  it('the same id twice is one job', async () => {
    const q = open(async () => undefined);
    const job = { id: 'same', kind: 'check', data: {}, due: Date.now() + 3_600_000 };
    await q.add(job);
    await q.add(job);
    expect(await q.handle.getDelayedCount()).toBe(1);
    await q.handle.obliterate({ force: true });
  });

  it('Redis down: adding fails within its budget, so the caller keeps the job itself', async () => {
    const q = open(async () => undefined);
    await q.add({ id: 'warm', kind: 'check', data: {}, due: Date.now() + 3_600_000 });
    await server.stop();
    try {
      const started = Date.now();
      await expect(
        q.add({ id: 'down', kind: 'check', data: {}, due: Date.now() + 1000 }),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await server.start();
      // Back before the suite closes it: ioredis holds a closed client's old socket 2 s otherwise.
      const client = await q.handle.getBackend().client;
      for (let i = 0; i < 100 && client.status !== 'ready'; i++) await sleep(50);
    }
  });
});
