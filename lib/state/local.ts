import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';

/**
 * A map whose entries expire, kept in memory and as one file an entry under STATE_DIR/<name>, so
 * this instance's marks outlive its restart. Read once from the disk; written through.
 */
export type LocalState = {
  get(id: string): string | undefined;
  set(id: string, value: string, ttlS: number): void;
  delete(id: string): void;
};

type Entry = { id: string; v: string; until: number };
const MEMORY_MAX = 50_000;
const SWEEP_MS = 60_000;

const HOLDER = Symbol.for('creator-dashboard.state.local');
const stores = ((globalThis as { [HOLDER]?: Map<string, LocalState> })[HOLDER] ??= new Map());

/** The directory for `name`, or null when it cannot be written (then memory only, logged once). */
function directory(name: string): string | null {
  const dir = path.resolve(getEnv().STATE_DIR, name);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  } catch (error) {
    log.warn('state.not_kept', { store: name, reason: (error as NodeJS.ErrnoException).code });
    return null;
  }
}

const fileOf = (dir: string, id: string) =>
  path.join(dir, `${createHash('sha256').update(id).digest('base64url')}.json`);

function load(dir: string, into: Map<string, Entry>) {
  const now = Date.now();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json')) continue;
    const full = path.join(dir, file);
    try {
      const entry = JSON.parse(readFileSync(full, 'utf8')) as Entry;
      if (typeof entry.id !== 'string' || typeof entry.v !== 'string' || !(entry.until > now)) {
        rmSync(full, { force: true });
        continue;
      }
      into.set(entry.id, entry);
    } catch {
      rmSync(full, { force: true });
    }
  }
}

export function localState(name: string): LocalState {
  const existing = stores.get(name);
  if (existing) return existing;
  const entries = new Map<string, Entry>();
  const dir = directory(name);
  if (dir) load(dir, entries);
  let sweptAt = Date.now();

  const remove = (id: string) => {
    entries.delete(id);
    if (dir) rmSync(fileOf(dir, id), { force: true });
  };
  const sweep = () => {
    const now = Date.now();
    if (now - sweptAt < SWEEP_MS && entries.size <= MEMORY_MAX) return;
    sweptAt = now;
    for (const [id, entry] of entries) if (entry.until <= now) remove(id);
    while (entries.size > MEMORY_MAX) remove(entries.keys().next().value!);
  };

  const store: LocalState = {
    get(id) {
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (entry.until > Date.now()) return entry.v;
      remove(id);
      return undefined;
    },
    set(id, v, ttlS) {
      const entry = { id, v, until: Date.now() + ttlS * 1000 };
      entries.delete(id);
      entries.set(id, entry);
      if (dir) {
        const file = fileOf(dir, id);
        const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
        try {
          writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
          renameSync(temp, file);
        } catch (error) {
          rmSync(temp, { force: true });
          log.warn('state.write_failed', {
            store: name,
            reason: (error as NodeJS.ErrnoException).code,
          });
        }
      }
      sweep();
    },
    delete: remove,
  };
  stores.set(name, store);
  return store;
}

/** Forgets the stores held in memory (a test's restart); the files stay. */
export function dropLocalState(): void {
  stores.clear();
}
