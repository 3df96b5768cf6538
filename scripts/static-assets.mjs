// The build's script and style files, compressed once with brotli at its highest level, and served
// as they are to a browser that takes brotli (docs/decisions/028-precompressed-static-files.md).
// Next's own server compresses every answer with gzip on every request, the 235 KB framework
// chunk too; a file served from here costs no compression at all and is 13% smaller.
//
// Build time: precompressStatic() writes <file>.br beside each file and a manifest of them.
// Run time (scripts/serve.mjs): staticAssets() answers GET and HEAD of exactly those files and
// leaves every other request, and every browser that does not take brotli, to Next.
// Both copies of this file run on Node alone: it is copied into the standalone folder.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const MANIFEST = 'static-assets.json';

const TYPES = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

/** What Next sends for a file of its build folder's static/, whatever the rules say. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(full).isDirectory() ? filesUnder(full, rel) : [rel];
  });
}

/**
 * The headers the app's rules (next.config.mjs `headers()`, as routes-manifest.json holds them)
 * give a path, as Next applies them: each matching rule in order, a later one winning. A rule
 * with conditions (`has`, `missing`) depends on the request, which a file written ahead cannot:
 * it stops the build rather than serve without it.
 */
export function headersFor(pathname, rules) {
  const headers = {};
  for (const rule of rules) {
    if (!new RegExp(rule.regex).test(pathname)) continue;
    if (rule.has || rule.missing)
      throw new Error(
        `the header rule for ${rule.source} depends on the request and matches ${pathname}`,
      );
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/**
 * Compresses each script and stylesheet of `<dist>/static` under `folder` (a build folder's
 * parent: the project or the standalone copy) and writes the manifest the server reads. A file
 * brotli does not make smaller is left out. Answers the manifest.
 */
export function precompressStatic(folder, distDir) {
  const dist = path.join(folder, distDir);
  const staticDir = path.join(dist, 'static');
  const { headers: rules = [] } = JSON.parse(
    readFileSync(path.join(dist, 'routes-manifest.json'), 'utf8'),
  );
  const files = {};
  for (const rel of filesUnder(staticDir)) {
    const type = TYPES[path.extname(rel)];
    if (!type) continue;
    const raw = readFileSync(path.join(staticDir, rel));
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    if (br.length >= raw.length) continue;
    writeFileSync(path.join(staticDir, `${rel}.br`), br);
    const pathname = `/_next/static/${rel}`;
    files[pathname] = {
      file: `${rel}.br`,
      type,
      etag: `"${createHash('sha256').update(br).digest('base64url').slice(0, 27)}"`,
      headers: headersFor(pathname, rules),
    };
  }
  const manifest = { distDir, files };
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Whether an Accept-Encoding header takes brotli: `br` listed with a weight above 0, or, with `br`
 * not named, `*` with a weight above 0 (RFC 9110 §12.5.3).
 */
export function acceptsBrotli(header) {
  if (typeof header !== 'string') return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => /^q=/i.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const takes = Number.isFinite(weight) && weight > 0;
    const name = coding.toLowerCase();
    if (name === 'br') return takes;
    if (name === '*') star = takes;
  }
  return star;
}

/** Whether If-None-Match names the entity tag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch, etag) {
  if (typeof ifNoneMatch !== 'string') return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * The run-time half: reads the manifest and every compressed file once (about 1 MB), and answers
 * a function `(req, res) => boolean` that serves a request it can and says whether it did. The
 * lookup is an exact match of the path against the manifest: nothing from the request reaches
 * the file system.
 */
export function staticAssets(folder) {
  const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'));
  const staticDir = path.join(folder, manifest.distDir, 'static');
  const assets = new Map(
    Object.entries(manifest.files).map(([pathname, asset]) => [
      pathname,
      { ...asset, body: readFileSync(path.join(staticDir, asset.file)) },
    ]),
  );
  return function serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const asset = assets.get(query < 0 ? url : url.slice(0, query));
    if (!asset || !acceptsBrotli(req.headers['accept-encoding'])) return false;
    for (const [key, value] of Object.entries(asset.headers)) res.setHeader(key, value);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', asset.etag);
    if (matches(req.headers['if-none-match'], asset.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', asset.body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : asset.body);
    return true;
  };
}
