import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { completeStandalone } from './standalone.mjs';

/** A build folder as next build leaves it, with the standalone copy holding `copied` chunks. */
function build(root: string, dist: string, chunks: string[], copied: string[]) {
  const put = (file: string, body = '') => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  for (const c of chunks) put(path.join(root, dist, 'server', 'chunks', c));
  for (const c of copied) put(path.join(root, dist, 'standalone', dist, 'server', 'chunks', c));
  put(path.join(root, dist, 'standalone', 'server.js'));
  put(path.join(root, dist, 'standalone', dist, 'routes-manifest.json'), '{"headers":[]}');
  put(path.join(root, dist, 'static', 'chunks', 'app.js'), 'window.creators = [];\n'.repeat(50));
}

describe('completing the standalone output', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'standalone-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('answers the server when every server chunk was traced into it, with what it serves', () => {
    build(root, '.next-x', ['a.js', 'a.js.map', 'b.js'], ['a.js', 'b.js']);
    const standalone = path.join(root, '.next-x', 'standalone');
    expect(completeStandalone(root, '.next-x')).toBe(path.join(standalone, 'serve.mjs'));
    // The server and its half of the static files beside Next's server.js.
    for (const file of ['serve.mjs', 'static-assets.mjs'])
      expect(readFileSync(path.join(standalone, file), 'utf8')).toBe(
        readFileSync(path.join(__dirname, file), 'utf8'),
      );
    expect(existsSync(path.join(standalone, '.next-x', 'static', 'chunks', 'app.js.br'))).toBe(
      true,
    );
    const manifest = JSON.parse(readFileSync(path.join(standalone, 'static-assets.json'), 'utf8'));
    expect(Object.keys(manifest.files)).toEqual(['/_next/static/chunks/app.js']);
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
