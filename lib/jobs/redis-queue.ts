import 'server-only';
import { createHash } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import { log, outsideRequest } from '@/lib/runtime/log';

const NAME = 'jobs';
const PREFIX = 'cd';

/**
 * The jobs every instance shares through REDIS_URL, in BullMQ: a job added by one instance runs
 * once, on whichever instance is up when it falls due, and is run again if that one dies in it.
 * Redis keeps them as long as its own persistence does (README, "Deploy").
 */
export class RedisQueue {
  private readonly queue: Queue;
  private worker?: Worker;

  constructor(
    private readonly url: string,
    private readonly run: (kind: string, data: unknown) => Promise<void>,
  ) {
    // Loaded only when configured, as ioredis is (lib/upstream/redis-link.ts).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Queue } = require('bullmq') as typeof import('bullmq');
    // Adding fails at once when Redis is down (no offline queue, no retries), so the caller keeps
    // the job itself, and a job refused is not added later behind its back.
    this.queue = outsideRequest(
      () =>
        new Queue(NAME, {
          prefix: PREFIX,
          connection: {
            url,
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            connectTimeout: 1000,
          },
        }),
    );
    this.queue.on('error', (error) => log.warn('jobs.redis_error', { reason: reasonOf(error) }));
  }

  /** BullMQ's ids may not contain ':'; the same id again is the same job, kept once. */
  async add(job: { id: string; kind: string; data: unknown; due: number }, withinMs = 1000) {
    const jobId = createHash('sha256').update(job.id).digest('base64url');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not take the job in time')), withinMs);
    });
    try {
      const client = await Promise.race([this.queue.getBackend().client, late]);
      if (client.status !== 'ready') throw new Error('Redis is not connected');
      await Promise.race([
        this.queue.add(job.kind, job.data, {
          jobId,
          delay: Math.max(0, job.due - Date.now()),
          attempts: 5,
          backoff: { type: 'exponential', delay: 30_000 },
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  start() {
    if (this.worker) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Worker } = require('bullmq') as typeof import('bullmq');
    this.worker = outsideRequest(
      () =>
        new Worker(NAME, (job) => this.run(job.name, job.data), {
          prefix: PREFIX,
          // A worker waits on Redis and retries for ever: BullMQ asks for no per-request limit.
          connection: { url: this.url, maxRetriesPerRequest: null, connectTimeout: 1000 },
          concurrency: 4,
        }),
    );
    let down = false;
    this.worker.on('error', (error) => {
      if (!down) log.warn('jobs.worker_down', { reason: reasonOf(error) });
      down = true;
    });
    this.worker.on('ready', () => {
      if (down) log.info('jobs.worker_up');
      down = false;
    });
    this.worker.on('failed', (job, error) =>
      log.warn('jobs.failed', {
        kind: job?.name ?? 'unknown',
        tries: job?.attemptsMade ?? 0,
        reason: error?.name ?? 'unknown',
      }),
    );
  }

  /** The queue's own handle, for a test that makes a delayed job due now. */
  get handle(): Queue {
    return this.queue;
  }

  /**
   * Stops within a second or two even with Redis gone: a close that waits on it is let go. Each
   * raw client is then disconnected, which also clears a reconnect ioredis had scheduled while
   * Redis was down (BullMQ's close marks such a client ended and leaves the timer).
   */
  async close() {
    const worker = this.worker;
    this.worker = undefined;
    const backends = [this.queue.getBackend(), worker?.getBackend()];
    const clients = await Promise.allSettled(
      backends.flatMap((b) => (b ? [b.client, b.blockingClient] : [])),
    );
    const closing = Promise.allSettled([worker?.close(true), this.queue.close()]);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), 2000)));
    await Promise.race([closing, late]);
    clearTimeout(timer);
    for (const c of clients) if (c.status === 'fulfilled') c.value?.disconnect();
  }
}

function reasonOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'unknown';
}
