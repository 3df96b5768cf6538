import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_CREATOR, GOOGLE_DEMO_CREATOR } from '../demo';

/** `name`: the creator's name where the system has one (optional, as a real record may lack it). */
export type Creator = { id: string; email: string; name?: string };

/** Search answers are capped, like a real search endpoint's first page. */
export const SEARCH_LIMIT = 25;

const fileSchema = z.object({
  creators: z.array(
    z.object({ id: z.string().min(1), email: z.string().min(1), name: z.string().optional() }),
  ),
});

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creators in memory, persisted to one small JSON file. Writes are synchronous temp+rename, so a
 * crash never leaves a half-written file and two requests never interleave a write.
 */
export class CreatorStore {
  private readonly byId = new Map<string, Creator>();
  private readonly byEmail = new Map<string, Creator>();
  private readonly file: string;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'creators.json');
    for (const c of this.load()) this.index(c);
    let seeded = false;
    for (const demo of [DEMO_CREATOR, GOOGLE_DEMO_CREATOR]) {
      if (this.byEmail.has(normalizeEmail(demo.email)) || this.byId.has(demo.channelId)) continue;
      this.index({ id: demo.channelId, email: normalizeEmail(demo.email) });
      seeded = true;
    }
    if (seeded) this.save();
  }

  get(id: string): Creator | undefined {
    return this.byId.get(id);
  }

  /** Case-insensitive substring match; exact matches first, then by email. */
  search(query: string, limit = SEARCH_LIMIT): Creator[] {
    const q = normalizeEmail(query);
    const hits = [...this.byId.values()].filter((c) => c.email.includes(q));
    hits.sort(
      (a, b) => Number(b.email === q) - Number(a.email === q) || a.email.localeCompare(b.email),
    );
    return hits.slice(0, limit).map((c) => ({ ...c }));
  }

  /** Adds a creator, or returns the one already holding that email. */
  add(email: string, name?: string): { creator: Creator; created: boolean } {
    const key = normalizeEmail(email);
    const existing = this.byEmail.get(key);
    if (existing) return { creator: { ...existing }, created: false };
    let id: string;
    do id = `cm-${randomBytes(6).toString('hex')}`;
    while (this.byId.has(id));
    const creator: Creator = { id, email: key, ...(name ? { name } : {}) };
    this.index(creator);
    this.save();
    return { creator: { ...creator }, created: true };
  }

  /**
   * Moves a creator's record to a new email (the sign-in email changed in the product): the old
   * address no longer finds the channel. Answers 'moved', 'missing' (no such id) or 'taken' (the
   * email belongs to another creator).
   */
  moveEmail(id: string, email: string): 'moved' | 'missing' | 'taken' {
    const creator = this.byId.get(id);
    if (!creator) return 'missing';
    const key = normalizeEmail(email);
    const holder = this.byEmail.get(key);
    if (holder && holder.id !== id) return 'taken';
    this.byEmail.delete(creator.email);
    creator.email = key;
    this.byEmail.set(key, creator);
    this.save();
    return 'moved';
  }

  private index(c: Creator): void {
    this.byId.set(c.id, c);
    this.byEmail.set(c.email, c);
  }

  private load(): Creator[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `${this.file} is not a valid creators file; delete it or run npm run local:reset.`,
      );
    return parsed.data.creators.map((c) => ({
      id: c.id,
      email: normalizeEmail(c.email),
      ...(c.name ? { name: c.name } : {}),
    }));
  }

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ creators: [...this.byId.values()] }, null, 2)}\n`);
    renameSync(tmp, this.file);
  }
}
