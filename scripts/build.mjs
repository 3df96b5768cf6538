#!/usr/bin/env node
// `npm run build`: one production build that every instance runs (README "Deploy").
//   next build with `output: 'standalone'`, its scripts marked for eager compilation
//   (scripts/compile-hints.mjs), then the standalone folder is made whole: the static
//   files (scripts and styles compressed with brotli beside them) and public/ beside its server,
//   as a Node host serves them (`node .next/standalone/serve.mjs`). Each prerendered page's
//   scripts are then hashed into the
//   manifest its Content-Security-Policy is built from (scripts/prerendered-csp.mjs), in both
//   copies. NEXT_DIST_DIR builds elsewhere (benchmarks, tests).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hintEagerCompile } from './compile-hints.mjs';
import { checkNode } from './node-version.mjs';
import { sealPrerendered } from './prerendered-csp.mjs';
import { completeStandalone, distDirOf } from './standalone.mjs';

checkNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const child = spawn(process.execPath, [nextBin, 'build'], {
  cwd: root,
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
  try {
    const dist = distDirOf(process.env.NEXT_DIST_DIR);
    // Before the static files are copied, compressed and hashed: each copy has the hint.
    hintEagerCompile(path.join(root, dist));
    const server = completeStandalone(root, process.env.NEXT_DIST_DIR);
    const pages = sealPrerendered(path.join(root, dist));
    const copy = sealPrerendered(path.join(path.dirname(server), dist));
    if (JSON.stringify(copy) !== JSON.stringify(pages))
      throw new Error('the standalone copy of the prerendered pages differs from the build');
    process.stdout.write(
      `Prerendered pages with script hashes: ${Object.keys(pages).length}\nStandalone server: ${path.relative(root, server)}\n`,
    );
  } catch (error) {
    process.stdout.write(`The build is incomplete: ${error.message}\n`);
    process.exit(1);
  }
});
