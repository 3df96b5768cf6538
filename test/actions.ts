import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The product's server actions, found as the build finds them: every module in lib/ that opens
 * with 'use server' (docs/architecture.md §2). A new action module is found with no list to edit.
 */
export function actionModules(root = path.join(__dirname, '..', 'lib')): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        if (
          /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*['"]use server['"]/.test(readFileSync(full, 'utf8'))
        )
          found.push(`@/lib/${path.relative(root, full).replace(/\.tsx?$/, '')}`);
      }
    }
  };
  walk(root);
  return found.sort();
}

export type Action = (...args: unknown[]) => Promise<unknown>;

/** Each action module's exported functions, by module. */
export async function loadActionModules(): Promise<[string, [string, Action][]][]> {
  const out: [string, [string, Action][]][] = [];
  for (const name of actionModules()) {
    const exported = Object.entries((await import(name)) as Record<string, unknown>).filter(
      (entry): entry is [string, Action] => typeof entry[1] === 'function',
    );
    out.push([name, exported]);
  }
  return out;
}

/** The signed-in area's action modules: the profile's, and the logout (as e2e/action-ids.ts). */
export const isSignedInAreaModule = (name: string) =>
  /^@\/lib\/profile\//.test(name) || name === '@/lib/auth/logout';
