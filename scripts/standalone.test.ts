import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completeStandalone } from './standalone.mjs';

/** A build folder as next build leaves it, with the standalone copy holding `copied` chunks. */
function build(root: string, dist: string, chunks: string[], copied: string[]) {
  const put = (file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
  };
  for (const c of chunks) put(path.join(root, dist, 'server', 'chunks', c));
  for (const c of copied) put(path.join(root, dist, 'standalone', dist, 'server', 'chunks', c));
  put(path.join(root, dist, 'standalone', 'server.js'));
  put(path.join(root, dist, 'static', 'chunks', 'app.js'));
}

describe('completing the standalone output', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'standalone-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('answers the server when every server chunk was traced into it', () => {
    build(root, '.next-x', ['a.js', 'a.js.map', 'b.js'], ['a.js', 'b.js']);
    expect(completeStandalone(root, '.next-x')).toBe(
      path.join(root, '.next-x', 'standalone', 'server.js'),
    );
  });

  it('refuses a standalone output missing a server chunk, and names it', () => {
    // A tracing exclude such as 'bench/**' also matched the chunks of a build folder named
    // .next-bench: the server then failed on its first request.
    build(root, '.next-bench', ['a.js', '[root-of-the-server]__0j._.js'], ['a.js']);
    expect(() => completeStandalone(root, '.next-bench')).toThrow(
      /1 server chunk of the build is not in it \(\[root-of-the-server\]__0j\._\.js\)/,
    );
  });
});
