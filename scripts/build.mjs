#!/usr/bin/env node
// `npm run build`: `next build`, then V8's compile hint on the build's script files unless
// COMPILE_HINTS=0 (scripts/compile-hints.mjs, docs/decisions/036). Nothing else is changed: a host
// that runs plain `next build` serves the same pages with the same headers, only without the hint.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hintEagerCompile } from './compile-hints.mjs';
import { checkNode } from './node-version.mjs';

if (process.env.NODE_CHECKED !== '1') checkNode();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const child = spawn(process.execPath, [nextBin, 'build'], {
  cwd: root,
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
  if (process.env.COMPILE_HINTS === '0') return;
  try {
    const files = hintEagerCompile(path.join(root, process.env.NEXT_DIST_DIR?.trim() || '.next'));
    process.stdout.write(
      `Built. ${files} script files are marked for browsers to compile at once, so pages start sooner (COMPILE_HINTS=0 leaves them as they were).\n`,
    );
  } catch (error) {
    process.stdout.write(`The build is incomplete: ${error.message}\n`);
    process.exit(1);
  }
});
