import { readFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '@/lib/log';

/**
 * The script hashes of each prerendered page, as `npm run build` wrote them
 * (scripts/prerendered-csp.mjs, docs/decisions/024): read once per process, on first use.
 */
export type PrerenderedHashes = Readonly<Record<string, readonly string[]>>;

const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The manifest in a file, or null when it is missing or not one (logged: the pages fall back). */
export function readPrerenderedHashes(file: string): PrerenderedHashes | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    log.warn('csp.prerendered_hashes_missing', {
      file,
      reason: (error as NodeJS.ErrnoException).code ?? 'unreadable',
    });
    return null;
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every(
      (hashes) =>
        Array.isArray(hashes) && hashes.every((h) => typeof h === 'string' && HASH.test(h)),
    );
  if (!valid) {
    log.error('csp.prerendered_hashes_invalid', { file });
    return null;
  }
  return parsed as PrerenderedHashes;
}

// The build folder, relative to the server's working directory: the standalone server runs in its
// own folder, which holds a copy of the build folder under the same name (next.config.mjs).
const manifestFile = () =>
  path.join(process.cwd(), process.env.BUILD_DIST_DIR || '.next', 'server', 'prerendered-csp.json');

let loaded: PrerenderedHashes | null | undefined;

/**
 * The hashes of one prerendered route ('/creatorcash/v1'): none for a route the build did not
 * prerender (no script of it runs), undefined when the build hashed no page at all.
 */
export function prerenderedHashes(route: string): readonly string[] | undefined {
  if (loaded === undefined) loaded = readPrerenderedHashes(manifestFile());
  if (!loaded) return undefined;
  return Object.hasOwn(loaded, route) ? loaded[route] : [];
}
