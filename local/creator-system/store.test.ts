import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_CREATOR, GOOGLE_DEMO_CREATOR } from '../demo';
import { resetCreatorSystem } from './reset';
import { CreatorStore, SEARCH_LIMIT } from './store';
import { tempDataDir } from './testing';

let tmp: ReturnType<typeof tempDataDir>;
let dir: string;
beforeEach(() => {
  tmp = tempDataDir();
  dir = path.join(tmp.dir, 'creator-system');
});
afterEach(() => tmp.remove());

describe('CreatorStore', () => {
  it('seeds the demo creators once', () => {
    const store = new CreatorStore(dir);
    expect(store.get(DEMO_CREATOR.channelId)).toEqual({
      id: DEMO_CREATOR.channelId,
      email: DEMO_CREATOR.email,
    });
    new CreatorStore(dir);
    const saved = JSON.parse(readFileSync(path.join(dir, 'creators.json'), 'utf8')) as {
      creators: unknown[];
    };
    // The demo creator, and the one who signs in with Google (no account in the pool yet).
    expect(saved.creators).toHaveLength(2);
    expect(store.get(GOOGLE_DEMO_CREATOR.channelId)?.email).toBe(GOOGLE_DEMO_CREATOR.email);
  });

  it('adds creators with normalized emails and returns existing ones', () => {
    const store = new CreatorStore(dir);
    const first = store.add('  New.Creator@Example.COM ');
    expect(first.created).toBe(true);
    expect(first.creator.email).toBe('new.creator@example.com');
    expect(first.creator.id).toMatch(/^cm-[0-9a-f]{12}$/);
    const again = store.add('new.creator@example.com');
    expect(again).toEqual({ creator: first.creator, created: false });
  });

  it('keeps a name where one is given, through a restart, and answers it in searches', () => {
    const store = new CreatorStore(dir);
    const { creator } = store.add('named@example.com', "Siobhán O'Brien");
    expect(creator.name).toBe("Siobhán O'Brien");
    expect(store.add('plain@example.com').creator).not.toHaveProperty('name');
    const reopened = new CreatorStore(dir);
    expect(reopened.search('named@example.com')).toEqual([creator]);
  });

  it('searches by case-insensitive substring, exact match first, capped', () => {
    const store = new CreatorStore(dir);
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) store.add(`fan${i}@bulk.test`);
    store.add('fan@bulk.test');
    expect(store.search('BULK.TEST')).toHaveLength(SEARCH_LIMIT);
    expect(store.search('FAN@bulk.test')[0]?.email).toBe('fan@bulk.test');
    expect(store.search('creator.test').map((c) => c.email)).toEqual([
      DEMO_CREATOR.email,
      GOOGLE_DEMO_CREATOR.email,
    ]);
    expect(store.search('nobody')).toEqual([]);
  });

  it('keeps creators across instances', () => {
    const { creator } = new CreatorStore(dir).add('kept@example.com');
    expect(new CreatorStore(dir).get(creator.id)).toEqual(creator);
  });

  it('refuses a corrupt data file with a clear message', () => {
    new CreatorStore(dir);
    writeFileSync(path.join(dir, 'creators.json'), '{not json');
    expect(() => new CreatorStore(dir)).toThrow(/not a valid creators file/);
  });
});

describe('resetCreatorSystem', () => {
  it('wipes only the creator-system folder', async () => {
    new CreatorStore(dir);
    writeFileSync(path.join(tmp.dir, 'other.json'), '{}');
    await resetCreatorSystem(tmp.dir);
    expect(existsSync(dir)).toBe(false);
    expect(existsSync(path.join(tmp.dir, 'other.json'))).toBe(true);
  });
});
