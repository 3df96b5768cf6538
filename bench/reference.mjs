#!/usr/bin/env node
// The reference: the sign-in page a Cognito team would ship instead (Amplify UI's Authenticator,
// a Vite single-page app), built and served here so that `npm run bench` measures it in the same
// run, with the same Lighthouse pipeline, as our pages.
//
//   node bench/reference.mjs [--serve]      prepare it (and with --serve, keep serving it)
//
// The reference's sources live outside this repository (REFERENCE_DIR, default
// ../shared/anchors/amplify-authenticator). They are copied into .data/bench/reference, installed
// with `npm ci` from their own lock file and built with their own `npm run build`; a copy of the
// build is served precompressed (gzip -9), as the reference's own measure.sh serves it. Nothing is
// written into the sources. Without them, `referenceAvailable()` says why and the bench goes on
// without the side-by-side figures.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.resolve(
  root,
  process.env.REFERENCE_DIR || path.join('..', 'shared', 'anchors', 'amplify-authenticator'),
);
const SKIP = new Set(['node_modules', 'dist', 'results', '.analyze']);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json']);

/** Whether the reference's sources are here: `{ ok: true }` or `{ ok: false, why }`. */
export function referenceAvailable() {
  if (!existsSync(path.join(SOURCE, 'package.json')))
    return { ok: false, why: `no reference at ${SOURCE} (set REFERENCE_DIR)` };
  if (!existsSync(path.join(SOURCE, 'package-lock.json')))
    return { ok: false, why: `the reference at ${SOURCE} has no package-lock.json` };
  return { ok: true };
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CI: 'true' },
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${(result.stderr || result.stdout).slice(-2000)}`,
    );
  return result.stdout;
}

/**
 * Copies the sources, installs (again only when the lock file changed) and builds. Returns the
 * build folder and the versions that matter for reading the figures. `overlay` is a folder whose
 * files replace the sources' own (bench/reference-journey), built in a folder of its own.
 */
export function prepareReference(say = () => {}, { name = 'reference', overlay } = {}) {
  const available = referenceAvailable();
  if (!available.ok) throw new Error(available.why);
  const WORK = path.join(root, '.data', 'bench', name);
  mkdirSync(WORK, { recursive: true });
  for (const entry of readdirSync(SOURCE)) {
    if (SKIP.has(entry)) continue;
    cpSync(path.join(SOURCE, entry), path.join(WORK, entry), { recursive: true, force: true });
  }
  if (overlay) cpSync(path.join(overlay, 'src'), path.join(WORK, 'src'), { recursive: true });
  // Installed again only when the sources' lock file or package.json changed.
  const stamp = path.join(WORK, 'node_modules', '.reference-stamp');
  const wanted = createHash('sha256')
    .update(readFileSync(path.join(SOURCE, 'package-lock.json')))
    .update(readFileSync(path.join(SOURCE, 'package.json')))
    .digest('hex');
  const fresh = existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted;
  if (!fresh) {
    // Its lock file lists the build tools' binaries for this platform only, which npm ci refuses
    // as out of sync; npm install keeps every version the lock file pins (its own notes install so).
    say('Reference: npm install (the versions its lock file pins)…');
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], WORK);
    writeFileSync(stamp, wanted);
  }
  say('Reference: npm run build…');
  rmSync(path.join(WORK, 'dist'), { recursive: true, force: true });
  run('npm', ['run', 'build', '--silent'], WORK);
  const dist = path.join(WORK, 'dist');
  if (!existsSync(path.join(dist, 'index.html')))
    throw new Error('the reference built no index.html');
  const version = (name) => {
    try {
      return JSON.parse(readFileSync(path.join(WORK, 'node_modules', name, 'package.json'), 'utf8'))
        .version;
    } catch {
      return null;
    }
  };
  return {
    dist,
    versions: {
      '@aws-amplify/ui-react': version('@aws-amplify/ui-react'),
      'aws-amplify': version('aws-amplify'),
      react: version('react'),
      vite: version('vite'),
    },
  };
}

/** Every file of the build, gzip -9 where it is text, in memory. */
function loadBuild(dist) {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else {
        const body = readFileSync(file);
        const ext = path.extname(name);
        files.set(`/${path.relative(dist, file).split(path.sep).join('/')}`, {
          type: TYPES[ext] ?? 'application/octet-stream',
          body,
          gzip: COMPRESS.has(ext) ? gzipSync(body, { level: 9 }) : null,
        });
      }
    }
  };
  walk(dist);
  return files;
}

/**
 * Serves the build as a static host does: precompressed gzip -9 when the browser accepts it,
 * long caching for hashed assets. `routes(req, res)` answers first when it returns true. Resolves
 * to a stop.
 */
export async function serveReference(dist, port, routes = () => false) {
  const files = loadBuild(dist);
  const server = http.createServer((req, res) => {
    if (routes(req, res)) return;
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    // As its own measure.sh serves it (sirv, no single-page fallback): a file, the page at /, or
    // 404 (so /robots.txt is missing there, as it is in the reference's build).
    const file = files.get(pathname === '/' ? '/index.html' : pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const gzip = file.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': file.type,
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzip ? file.gzip : file.body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise((resolve) => server.close(() => resolve()));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const say = (line) => process.stdout.write(`${line}\n`);
  try {
    const prepared = prepareReference(say);
    say(
      `Reference built: ${path.relative(root, prepared.dist)} (${JSON.stringify(prepared.versions)})`,
    );
    if (process.argv.includes('--serve')) {
      const port = Number(process.env.REFERENCE_PORT || 4173);
      await serveReference(prepared.dist, port);
      say(`Serving the reference on http://127.0.0.1:${port}/ (Ctrl-C stops it)`);
    }
  } catch (error) {
    say(`Reference: ${error.message}`);
    process.exit(1);
  }
}
