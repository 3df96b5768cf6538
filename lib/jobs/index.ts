import 'server-only';
import path from 'node:path';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { FileQueue, type StoredJob } from './file-queue';
import { RedisQueue } from './redis-queue';

/**
 * Work due later that must happen though the instance restarts in between (decision 067): kept
 * in Redis for every instance when REDIS_URL is set (BullMQ), and as files in STATE_DIR/jobs when
 * it is not or when Redis does not take it.
 */
type Handler = (data: unknown) => Promise<void>;
type Jobs = {
  handlers: Map<string, Handler>;
  files?: FileQueue;
  redis?: RedisQueue | null;
  started: boolean;
};

// On globalThis: Next bundles the instrumentation hook and the routes apart (decision 019).
const HOLDER = Symbol.for('creator-dashboard.jobs');
const jobs: Jobs = ((globalThis as { [HOLDER]?: Jobs })[HOLDER] ??= {
  handlers: new Map(),
  started: false,
});

async function run(kind: string, data: unknown) {
  const handler = jobs.handlers.get(kind);
  if (!handler) throw new Error(`No handler for the job ${kind}`);
  await handler(data);
}

function files(): FileQueue {
  return (jobs.files ??= new FileQueue(path.resolve(getEnv().STATE_DIR, 'jobs'), (job: StoredJob) =>
    run(job.kind, job.data),
  ));
}

function redis(): RedisQueue | null {
  if (jobs.redis === undefined) {
    const url = getEnv().REDIS_URL;
    jobs.redis = url ? new RedisQueue(url, run) : null;
  }
  return jobs.redis;
}

/** A kind of job and what it does; answers how to defer one. */
export function defineJob<T>(kind: string, handler: (data: T) => Promise<void>) {
  jobs.handlers.set(kind, handler as Handler);
  return {
    /** `id`: the same id again is the same job. `due`: when it runs (ms). */
    defer: (id: string, data: T, due: number) => defer({ id: `${kind}/${id}`, kind, data, due }),
  };
}

async function defer(job: { id: string; kind: string; data: unknown; due: number }) {
  const shared = redis();
  if (shared) {
    try {
      await shared.add(job);
      return;
    } catch (error) {
      log.warn('jobs.kept_here', { kind: job.kind, reason: (error as Error)?.name ?? 'unknown' });
    }
  }
  files().add(job, jobs.started);
}

/** Runs the jobs from now on (the instrumentation hook calls it once the handlers are defined). */
export function startJobs() {
  if (jobs.started) return;
  jobs.started = true;
  files().start();
  redis()?.start();
}

export async function stopJobs() {
  jobs.started = false;
  jobs.files?.stop();
  await jobs.redis?.close();
  jobs.redis = undefined;
  jobs.files = undefined;
}

/** The jobs kept here, not yet run. */
export const jobsKeptHere = () => files().pending();

/** Runs the jobs kept here that are due by `now` (or only `ids`): a test's clock, a restart's. */
export const runJobsDue = (now?: number, ids?: string[]) => files().runDue(now, ids);

/** The shared queue, for a test that makes a delayed job due now. */
export const sharedQueue = () => redis()?.handle;
