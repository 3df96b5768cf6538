// The script hashes of every prerendered page (docs/decisions/024). A prerendered page is built
// once, so it cannot carry a per-request nonce; its Content-Security-Policy lists instead the
// SHA-256 of each inline script and of each script file it loads, with 'strict-dynamic' (the
// scripts those load are trusted in turn). A browser matches a file's hash only when its <script>
// carries that hash as its integrity, so each script tag of the page gets one here.
//
// `npm run build` (scripts/build.mjs) runs this after next build, on the build folder and on its
// standalone copy, and writes <dist>/server/prerendered-csp.json: { "/route": ["'sha256-…'", …] },
// which the guard (lib/security/prerendered-csp.ts) reads.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'prerendered-csp.json';

const sha256 = (bytes) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
const attr = (attrs, name) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attrs);
  return m ? m[1].replace(/&amp;/g, '&') : undefined;
};

/**
 * One page: its HTML with an integrity on every script file and on every early fetch of one
 * (`<link rel="preload" as="script">`, `modulepreload`), and the hashes its policy lists, in
 * the page's order without repeats. `readStatic` answers the bytes of a file under /_next/static/
 * (its path after that prefix, query dropped). A script from anywhere else, or an integrity that
 * does not match its file, throws: the page would not run under its policy.
 */
export function hashPage(html, readStatic) {
  const hashes = [];
  const add = (hash) => {
    if (!hashes.includes(`'${hash}'`)) hashes.push(`'${hash}'`);
  };
  // A script file, or an early fetch of one: the policy lets it in only by its integrity.
  const stamp = (tag, attrs, url, element) => {
    const pathname = url.split(/[?#]/)[0];
    if (!pathname.startsWith('/_next/static/'))
      throw new Error(`a script from ${url}: only the build's own files can be hashed`);
    const hash = sha256(readStatic(pathname.slice('/_next/static/'.length)));
    add(hash);
    const integrity = attr(attrs, 'integrity');
    if (integrity !== undefined) {
      if (integrity !== hash)
        throw new Error(`${url} has integrity ${integrity}, its file ${hash}`);
      return tag;
    }
    return `<${element} integrity="${hash}"${tag.slice(element.length + 1)}`;
  };
  // One pass, so a link's text inside a script is never taken for a link.
  const out = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<link\b([^>]*)>/gi,
    (tag, scriptAttrs, body, linkAttrs) => {
      if (linkAttrs !== undefined) {
        const rel = (attr(linkAttrs, 'rel') ?? '').toLowerCase().split(/\s+/);
        const script =
          rel.includes('modulepreload') ||
          (rel.includes('preload') && (attr(linkAttrs, 'as') ?? '').toLowerCase() === 'script');
        const href = attr(linkAttrs, 'href');
        return script && href !== undefined ? stamp(tag, linkAttrs, href, 'link') : tag;
      }
      const src = attr(scriptAttrs, 'src');
      if (src !== undefined) return stamp(tag, scriptAttrs, src, 'script');
      add(sha256(Buffer.from(body, 'utf8')));
      return tag;
    },
  );
  return { html: out, hashes };
}

/** Every prerendered page's HTML under a server/app folder, by route ('/creatorcash/v1'). */
function pages(appDir) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.html')) {
        const route = `/${path.relative(appDir, file).slice(0, -'.html'.length).split(path.sep).join('/')}`;
        found.push({ route: route === '/index' ? '/' : route, file });
      }
    }
  };
  walk(appDir);
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * Hashes and stamps every prerendered page of one copy of a build (<dist>, or the standalone
 * folder's copy of it), writes its manifest, and answers the manifest.
 */
export function sealPrerendered(distDir, staticDir = path.join(distDir, 'static')) {
  const manifest = {};
  const readStatic = (rel) => {
    const file = path.join(staticDir, ...rel.split('/'));
    if (!file.startsWith(staticDir + path.sep) || !existsSync(file))
      throw new Error(`the build has no static file ${rel}`);
    return readFileSync(file);
  };
  for (const { route, file } of pages(path.join(distDir, 'server', 'app'))) {
    const { html, hashes } = hashPage(readFileSync(file, 'utf8'), readStatic);
    writeFileSync(file, html);
    manifest[route] = hashes;
  }
  writeFileSync(path.join(distDir, 'server', MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}
