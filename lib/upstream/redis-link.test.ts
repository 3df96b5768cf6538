import { readFileSync } from 'node:fs';
import { freePort, REDIS_MISSING, RedisServer, redisInstalled } from '@/test/redis-server';
import { RedisLink } from './redis-link';

/**
 * The link's command budget measures Redis, not this process: a busy instance whose event loop
 * stalls past the budget while Redis has already answered keeps its answer (a saturated cluster
 * instance stalled 1.4 s and called a healthy Redis down, so its limits fell back to memory).
 */

const describeWithRedis = redisInstalled ? describe : describe.skip;
if (!redisInstalled) {
  describe('the Redis link', () => {
    it.skip(REDIS_MISSING, () => {});
  });
}

/** Keeps the event loop busy, as a render or an SRP computation does. */
function stallFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    /* busy */
  }
}

/** Bytes waiting in the receive queue of the local TCP socket on `port` (Linux's /proc/net/tcp). */
function waitingBytes(port: number): number | null {
  // Each table on its own: a machine without IPv6 has no tcp6.
  const table = ['/proc/net/tcp', '/proc/net/tcp6']
    .map((file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of table.split('\n')) {
    const [, local, , , queues] = line.trim().split(/\s+/);
    if (local?.endsWith(`:${hexPort}`) && queues) return parseInt(queues.split(':')[1] ?? '0', 16);
  }
  return null;
}

/**
 * Busy past the budget, and until Redis's answer is in this process's socket (on a loaded machine
 * Redis itself may take longer than the stall to answer, and then a timeout is right).
 */
function stallUntilAnswered(port: number, ms: number) {
  stallFor(ms);
  const until = Date.now() + 10_000;
  while (waitingBytes(port) === 0 && Date.now() < until) {
    /* busy */
  }
}

describeWithRedis('the Redis link', () => {
  let server: RedisServer;
  let link: RedisLink;
  const changes: string[] = [];

  beforeAll(async () => {
    server = new RedisServer(await freePort());
    await server.start();
    link = new RedisLink(`redis://127.0.0.1:${server.port}`, {
      commandTimeoutMs: 100,
      onChange: (state, reason) => changes.push(reason ? `${state}: ${reason}` : state),
    });
    await link.ping(1000);
  });

  afterAll(async () => {
    link?.close();
    await server?.stop();
  });

  it('keeps an answer that came while this process was busy past the budget', async () => {
    changes.length = 0;
    const port = link.client.stream.localPort!;
    const answer = link.client.set('stalled-here', '1');
    stallUntilAnswered(port, 400);
    await expect(answer).resolves.toBe('OK');
    const pipeline = link.client.multi().incr('counted').pttl('counted').exec();
    stallUntilAnswered(port, 400);
    await expect(pipeline).resolves.toEqual([
      [null, 1],
      [null, -1],
    ]);
    expect(changes).toEqual([]);
    expect(link.state).toBe('up');
  });

  it('still gives up on a Redis that does not answer, within the budget', async () => {
    server.signal('SIGSTOP');
    try {
      const start = performance.now();
      await expect(link.client.get('stalled-there')).rejects.toThrow('Command timed out');
      expect(performance.now() - start).toBeLessThan(600);
    } finally {
      server.signal('SIGCONT');
    }
  });
});
