// The decisions index in docs/README.md, made from the records themselves: each one's title, date
// and status line. `node scripts/decisions-index.mjs` writes it; `--check` fails when it is stale.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');
const README = path.join(root, 'docs/README.md');
const DIR = path.join(root, 'docs/decisions');
const START = '<!-- decisions: made by scripts/decisions-index.mjs -->';
const END = '<!-- decisions: end -->';

/** One line per record: number and title, date, and the status up to its first sentence's end. */
export function indexOf(files) {
  return files.map(({ name, text }) => {
    const title = /^# (\d{3}) — (.+)$/m.exec(text);
    const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text);
    const status = /^Status: (.+)$/m.exec(text);
    if (!title || !date || !status)
      throw new Error(`${name}: needs '# NNN — Title', 'Date: YYYY-MM-DD' and 'Status: …' lines`);
    const short = status[1].split(/\.(\s|$)/)[0];
    return `- [${title[1]} ${title[2]}](decisions/${name}) · ${date[1]} · ${short}`;
  });
}

export function records() {
  return readdirSync(DIR)
    .filter((n) => /^\d{3}-.+\.md$/.test(n))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(DIR, name), 'utf8') }));
}

export function withIndex(readme, lines) {
  const [from, to] = [readme.indexOf(START), readme.indexOf(END)];
  if (from < 0 || to < from) throw new Error(`docs/README.md: no ${START} … ${END} block`);
  return `${readme.slice(0, from + START.length)}\n\n${lines.join('\n')}\n\n${readme.slice(to)}`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const readme = readFileSync(README, 'utf8');
  const next = withIndex(readme, indexOf(records()));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error(
        'docs/README.md: the decisions index is stale: run node scripts/decisions-index.mjs',
      );
      process.exit(1);
    }
  } else writeFileSync(README, next);
}
