import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '@/lib/runtime/log';
import { dropLocalState, localState } from './local';

/** What an instance marks outlives its restart (a new process reads STATE_DIR again). */

const dir = (name: string) => path.join(process.env.STATE_DIR!, name);

afterEach(() => {
  jest.useRealTimers();
  dropLocalState();
});

it('an entry set before a restart is read after it, and a deleted one is not', () => {
  const before = localState('kept');
  before.set('rv:a', '1700000000', 3600);
  before.set('rv:b', '1', 3600);
  before.delete('rv:b');

  dropLocalState();
  const after = localState('kept');
  expect(after).not.toBe(before);
  expect(after.get('rv:a')).toBe('1700000000');
  expect(after.get('rv:b')).toBeUndefined();
  expect(readdirSync(dir('kept'))).toHaveLength(1);
});

it('the latest value wins, across a restart too', () => {
  const store = localState('latest');
  store.set('x', 'first', 3600);
  store.set('x', 'second', 3600);
  dropLocalState();
  expect(localState('latest').get('x')).toBe('second');
});

it('an entry expires after its time, and an expired file is dropped when read back', () => {
  jest.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
  const store = localState('expiring');
  store.set('short', 'v', 60);
  store.set('long', 'v', 3600);
  jest.setSystemTime(new Date('2026-12-01T10:01:01Z'));
  expect(store.get('short')).toBeUndefined();
  expect(store.get('long')).toBe('v');

  store.set('short-again', 'v', 1);
  jest.setSystemTime(new Date('2026-12-01T10:01:03Z'));
  dropLocalState();
  expect(localState('expiring').get('short-again')).toBeUndefined();
  expect(readdirSync(dir('expiring'))).toHaveLength(1);
});

it('a damaged file is dropped, not trusted, and the rest still read', () => {
  localState('damaged').set('good', 'v', 3600);
  writeFileSync(path.join(dir('damaged'), 'broken.json'), '{"id":');
  writeFileSync(path.join(dir('damaged'), 'odd.json'), JSON.stringify({ id: 1, v: 2, until: 3 }));
  dropLocalState();
  expect(localState('damaged').get('good')).toBe('v');
  expect(readdirSync(dir('damaged'))).toHaveLength(1);
});

it('a directory it cannot write keeps the entries in memory and says so once', () => {
  writeFileSync(dir('blocked'), 'a file where the directory would be');
  const warn = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  const store = localState('blocked');
  store.set('a', 'v', 3600);
  expect(store.get('a')).toBe('v');
  expect(warn.mock.calls).toEqual([
    ['state.not_kept', { store: 'blocked', reason: expect.stringMatching(/EEXIST|ENOTDIR/) }],
  ]);
});
