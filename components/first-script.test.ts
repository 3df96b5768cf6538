import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a page needs to paint and hydrate stays small (decision 023): no client component reaches
 * the validation library through a static import. A form loads its schema on the first focus
 * (an `import()` of lib/validation/ in the form itself), and labels live in modules without one.
 */

const root = path.resolve(__dirname, '..');
const LATE_PACKAGES = [/^zod(\/|$)/];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The modules a file loads with its first script: static imports and re-exports, not `import type`. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  // A clause holds no quote or semicolon, so a match never runs on into the next statement.
  const statement = /^\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const [, typeOnly, clause = '', from = ''] of source.matchAll(statement)) {
    if (typeOnly) continue;
    // `import { type A, type B }` is erased whole; one value specifier keeps the module.
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = braces?.[1]
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names && names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    found.push(from);
  }
  for (const [, from = ''] of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(from);
  return found;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : path.resolve(path.dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every late package a file reaches, with the chain of files that leads there. */
function lateReaches(entry: string): string[] {
  const reached: string[] = [];
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // A client component gets a reference to a server action, never the action's module.
    if (chain.length > 0 && /^\s*['"]use server['"]/.test(source)) return;
    for (const specifier of staticImports(source)) {
      const local = specifier.startsWith('.') || specifier.startsWith('@/');
      if (!local) {
        if (LATE_PACKAGES.some((p) => p.test(specifier)))
          reached.push([...chain, file, specifier].map((f) => path.relative(root, f)).join(' → '));
        continue;
      }
      const next = resolveLocal(file, specifier);
      if (next) walk(next, [...chain, file]);
    }
  };
  walk(entry, []);
  return reached;
}

const clientFiles = ['components', 'app']
  .flatMap((dir) => filesUnder(path.join(root, dir)))
  .filter((file) => /^\s*['"]use client['"]/.test(readFileSync(file, 'utf8')));

describe('the first script of a page', () => {
  it('finds the client components', () => {
    expect(clientFiles.length).toBeGreaterThan(20);
    expect(clientFiles.map((f) => path.relative(root, f))).toContain(
      'components/auth/login-form.tsx',
    );
  });

  it.each(clientFiles.map((f) => [path.relative(root, f), f]))(
    '%s reaches no validation library with a static import',
    (_name, file) => {
      expect(lateReaches(file)).toEqual([]);
    },
  );
});

describe('staticImports', () => {
  it('reads imports and re-exports, and leaves out what the compiler erases', () => {
    const source = [
      "import * as z from 'zod/mini';",
      "import { a, type B } from './kept';",
      "import type { C } from './erased-type';",
      "import { type D, type E } from './erased-names';",
      "export { F } from './re-exported';",
      "export type { G } from './erased-export';",
      "import './side-effect.css';",
      "import type { J } from './erased-after-a-side-effect';",
      'const late = () => import("./dynamic");',
      'import {',
      '  H,',
      '  type I,',
      "} from './multi-line';",
    ].join('\n');
    expect(staticImports(source)).toEqual([
      'zod/mini',
      './kept',
      './re-exported',
      './multi-line',
      './side-effect.css',
    ]);
  });
});
