#!/usr/bin/env node
// Wipes the local stack's data (users, codes, creators, keys). Stop `npm start` first.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(process.env.LOCAL_DATA_DIR || path.join(root, '.data', 'local'));
if (!dir.startsWith(path.join(root, '.data')) && !process.argv.includes('--force')) {
  console.error(`Refusing to delete ${dir}: it is outside .data/ (pass --force if you mean it).`);
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
console.log(`Local data wiped: ${path.relative(root, dir)}`);
