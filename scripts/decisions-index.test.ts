import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, 'decisions-index.mjs');
const check = (cwd: string) =>
  execFileSync(process.execPath, [path.join(cwd, 'scripts/decisions-index.mjs'), '--check'], {
    stdio: 'pipe',
  });

describe('the decisions index in docs/README.md', () => {
  it('lists every record as the records themselves say', () => {
    expect(() => check(path.join(__dirname, '..'))).not.toThrow();
  });

  it('fails the check when a record is missing from it', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'decisions-'));
    mkdirSync(path.join(copy, 'scripts'));
    mkdirSync(path.join(copy, 'docs/decisions'), { recursive: true });
    copyFileSync(script, path.join(copy, 'scripts/decisions-index.mjs'));
    copyFileSync(path.join(__dirname, '../docs/README.md'), path.join(copy, 'docs/README.md'));
    writeFileSync(
      path.join(copy, 'docs/decisions/999-a-new-record.md'),
      '# 999 — A new record\n\nDate: 2026-12-01\n\nStatus: accepted\n',
    );
    expect(() => check(copy)).toThrow();
    execFileSync(process.execPath, [path.join(copy, 'scripts/decisions-index.mjs')]);
    expect(readFileSync(path.join(copy, 'docs/README.md'), 'utf8')).toContain(
      '- [999 A new record](decisions/999-a-new-record.md) · 2026-12-01 · accepted',
    );
    expect(() => check(copy)).not.toThrow();
  });
});
