// Every script file of the build is marked for eager compilation with V8's explicit compile hint,
// a comment on the file's first line (docs/decisions/029, kept by 036). A browser that knows the hint compiles
// all of a file's functions while it streams the file, off the main thread; without it, each
// function is compiled on the main thread the first time it is called, and at a page's start that
// is most of them: React DOM, the router and the page's own components all run to hydrate it.
// Files that load later (a passkey ceremony's, the schemas on the first focus) load when they are
// about to run, so the same holds for them. A browser that does not know the hint reads a comment.
// Run by `npm run build` after `next build` (scripts/build.mjs); COMPILE_HINTS=0 turns it off.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the hint on each script file under `<distFolder>/static/chunks` that does not have it yet,
 * and answers how many files there are. Throws when there is none: a build that changed where
 * its scripts go would otherwise lose the hint without a word.
 */
export function hintEagerCompile(distFolder) {
  const chunks = path.join(distFolder, 'static', 'chunks');
  const files = readdirSync(chunks, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  if (files.length === 0)
    throw new Error(`no script files in ${chunks} to mark for eager compilation`);
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + code);
  }
  return files.length;
}
