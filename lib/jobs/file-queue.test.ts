import { mkdtempSync, readdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileQueue, type StoredJob } from './file-queue';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'cd-jobs-'));
const job = (id: string, due: number) => ({ id, kind: 'k', data: { id }, due });

test('a job kept before a restart runs after it once it is due, and once only', async () => {
  const where = dir();
  const ran: unknown[] = [];
  const before = new FileQueue(where, async (j) => void ran.push(j.data));
  before.add(job('a', Date.now() + 60_000), false);
  expect(await before.runDue()).toBe(0);

  // Another process on the same directory: the job is there, not yet due, then due.
  const after = new FileQueue(where, async (j) => void ran.push(j.data));
  expect(after.pending().map((j) => j.id)).toEqual(['a']);
  expect(await after.runDue(Date.now())).toBe(0);
  expect(await after.runDue(Date.now() + 61_000)).toBe(1);
  expect(await after.runDue(Date.now() + 61_000)).toBe(0);
  expect(ran).toEqual([{ id: 'a' }]);
  expect(readdirSync(where)).toEqual([]);
});

test('the same id twice is one job', async () => {
  const q = new FileQueue(dir(), async () => undefined);
  q.add(job('a', 1), false);
  q.add(job('a', 1), false);
  expect(q.pending()).toHaveLength(1);
});

test('two runners at once run a job once', async () => {
  const where = dir();
  let runs = 0;
  const slow = async () => {
    runs++;
    await new Promise((r) => setTimeout(r, 50));
  };
  const a = new FileQueue(where, slow);
  const b = new FileQueue(where, slow);
  a.add(job('x', 0), false);
  const counts = await Promise.all([a.runDue(), b.runDue()]);
  expect(runs).toBe(1);
  expect(counts.sort()).toEqual([0, 1]);
});

test('a failed job is tried again later, not at once', async () => {
  let fail = true;
  const seen: StoredJob[] = [];
  const q = new FileQueue(dir(), async (j) => {
    seen.push(j);
    if (fail) throw new TypeError('upstream down');
  });
  q.add(job('f', 0), false);
  expect(await q.runDue()).toBe(0);
  expect(q.pending()).toEqual([expect.objectContaining({ id: 'f', tries: 1 })]);
  expect(q.pending()[0]!.due).toBeGreaterThan(Date.now() + 20_000);
  fail = false;
  expect(await q.runDue(Date.now() + 31_000)).toBe(1);
  expect(q.pending()).toEqual([]);
  expect(seen).toHaveLength(2);
});

test('a job a crash left claimed runs again when the queue starts', async () => {
  const where = dir();
  const q = new FileQueue(where, async () => undefined);
  q.add(job('c', 0), false);
  // What a process killed in the middle of the job leaves: the claimed file.
  const [file] = readdirSync(where);
  renameSync(path.join(where, file!), path.join(where, `${file}.run-999-dead`));
  expect(q.pending()).toEqual([]);
  const ran: string[] = [];
  const again = new FileQueue(where, async (j) => void ran.push(j.id));
  again.recover();
  expect(await again.runDue()).toBe(1);
  expect(ran).toEqual(['c']);
});

test('started, it runs a job when it falls due, without being asked', async () => {
  const ran: string[] = [];
  const q = new FileQueue(dir(), async (j) => void ran.push(j.id));
  q.start();
  try {
    q.add(job('soon', Date.now() + 100), true);
    for (let i = 0; i < 40 && ran.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(ran).toEqual(['soon']);
  } finally {
    q.stop();
  }
});
