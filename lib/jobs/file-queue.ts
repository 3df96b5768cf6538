import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '@/lib/runtime/log';

/** A job kept until it has run: its kind, its data and when it is due (ms). */
export type StoredJob = { id: string; kind: string; data: unknown; due: number; tries: number };

const MAX_TRIES = 5;
const RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/**
 * Jobs as files in one directory, one file a job, written before `add` answers: a restart finds
 * them and runs what fell due meanwhile. A job is claimed by renaming its file, so it runs once
 * even with two runners on the directory; a failure is tried again, up to 5 times.
 */
export class FileQueue {
  private timer?: NodeJS.Timeout;
  private nextAt = Infinity;
  private running = false;

  constructor(
    readonly dir: string,
    private readonly run: (job: StoredJob) => Promise<void>,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private file(id: string) {
    return path.join(this.dir, `${Buffer.from(id).toString('base64url')}.json`);
  }

  private write(job: StoredJob) {
    const file = this.file(job.id);
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, JSON.stringify(job), { mode: 0o600 });
    renameSync(temp, file);
  }

  /** Keeps the job; the same id again is the same job, kept once. */
  add(job: Omit<StoredJob, 'tries'>, started: boolean) {
    this.write({ ...job, tries: 0 });
    if (started) this.wake(job.due);
  }

  pending(): StoredJob[] {
    const jobs: StoredJob[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        jobs.push(JSON.parse(readFileSync(path.join(this.dir, name), 'utf8')) as StoredJob);
      } catch {
        // Half a file cannot be: it is written whole, then renamed.
      }
    }
    return jobs.sort((a, b) => a.due - b.due);
  }

  /** On start: claims a crash left behind go back to be run again. */
  recover() {
    for (const name of readdirSync(this.dir)) {
      const claimed = /^(.+\.json)\.run-.+$/.exec(name);
      if (claimed) renameSync(path.join(this.dir, name), path.join(this.dir, claimed[1]!));
      else if (name.endsWith('.tmp')) rmSync(path.join(this.dir, name), { force: true });
    }
  }

  /** Runs every job due by `now` (or only `ids`); answers how many ran. */
  async runDue(now = Date.now(), ids?: string[]): Promise<number> {
    let ran = 0;
    for (const job of this.pending()) {
      if (job.due > now || (ids && !ids.includes(job.id))) continue;
      const file = this.file(job.id);
      const claim = `${file}.run-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        renameSync(file, claim);
      } catch {
        continue; // Another runner took it.
      }
      try {
        await this.run(job);
        ran++;
      } catch (error) {
        const tries = job.tries + 1;
        const reason = (error as { name?: string })?.name ?? 'unknown';
        if (tries < MAX_TRIES) {
          this.write({ ...job, tries, due: Date.now() + RETRY_MS * 2 ** job.tries });
          log.warn('jobs.retry', { kind: job.kind, tries, reason });
        } else log.error('jobs.gave_up', { kind: job.kind, tries, reason });
      }
      rmSync(claim, { force: true });
    }
    return ran;
  }

  /** Runs what is due now, then sleeps until the next one is. */
  start() {
    this.recover();
    void this.tick();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.nextAt = Infinity;
  }

  private wake(due: number) {
    if (due >= this.nextAt) return;
    clearTimeout(this.timer);
    this.nextAt = due;
    const wait = Math.min(Math.max(due - Date.now(), 0), LONGEST_WAIT_MS);
    this.timer = setTimeout(() => void this.tick(), wait);
    this.timer.unref();
  }

  private async tick() {
    this.nextAt = Infinity;
    if (this.running) return this.wake(Date.now() + 1000);
    this.running = true;
    try {
      await this.runDue();
    } catch (error) {
      log.error('jobs.run_failed', { reason: (error as { code?: string })?.code ?? 'unknown' });
    } finally {
      this.running = false;
    }
    const next = this.pending()[0];
    if (next) this.wake(next.due);
  }
}
