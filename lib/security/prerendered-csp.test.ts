/**
 * @jest-environment node
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPrerenderedHashes } from './prerendered-csp';

const H = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'csp-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const file = (text: string) => {
  const f = path.join(dir, 'prerendered-csp.json');
  writeFileSync(f, text);
  return f;
};

it('reads the hashes the build wrote', () => {
  expect(readPrerenderedHashes(file(JSON.stringify({ '/creatorcash/v1': [H], '/x': [] })))).toEqual(
    {
      '/creatorcash/v1': [H],
      '/x': [],
    },
  );
});

it.each([
  ['not JSON', '{'],
  ['a list', JSON.stringify([H])],
  ['a hash without quotes', JSON.stringify({ '/a': [H.slice(1, -1)] })],
  ['a source that is not a hash', JSON.stringify({ '/a': ["'unsafe-inline'"] })],
  ['a hash with a quote inside', JSON.stringify({ '/a': ["'sha256-a' 'unsafe-eval'"] })],
  ['a list of numbers', JSON.stringify({ '/a': [1] })],
])('refuses %s: the pages fall back', (_, text) => {
  expect(readPrerenderedHashes(file(text))).toBeNull();
});

it('a build without the manifest: null', () => {
  expect(readPrerenderedHashes(path.join(dir, 'none.json'))).toBeNull();
});
