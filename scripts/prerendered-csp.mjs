// The script hashes of every prerendered page (docs/decisions/024). A prerendered page is built
// once, so it cannot carry a per-request nonce; its Content-Security-Policy lists instead the
// SHA-256 of each inline script and of each script file in its HTML, with 'strict-dynamic' (the
// scripts those add are trusted in turn). A browser matches a file's hash only when its <script>
// carries that hash as its integrity, so each script tag of the page gets one here. The page's
// `async` script files are then started by one of its inline scripts after the first paint
// (paintFirst), each still with its integrity.
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

const flag = (attrs, name) => new RegExp(`\\s${name}(?=[\\s=/]|$)`, 'i').test(attrs);

/** How the inline script of paintFirst begins (startedScripts finds it by this). */
const LOADER = '(function(l){function go(){';

/**
 * A page's script files start once the browser has painted it (docs/decisions/026): each `async`
 * script file leaves the HTML for a list that one inline script, at the end of the body, adds to
 * the page after the first frame (at once in a tab that is not shown, which paints nothing), each
 * with its integrity. A visitor sees the page before its scripts take the main thread, and what is
 * typed or sent meanwhile is kept (the forms work without their scripts). A script file that is
 * not `async` (the `noModule` fallback, one whose order counts) stays where it is. Run on a
 * stamped page; a page with nothing to move is answered as it is.
 */
export function paintFirst(html) {
  const moved = [];
  const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (tag, attrs, body) => {
    const src = attr(attrs, 'src');
    if (src === undefined || !flag(attrs, 'async') || flag(attrs, 'nomodule') || body.trim())
      return tag;
    moved.push([src, attr(attrs, 'integrity') ?? '']);
    return '';
  });
  if (moved.length === 0) return html;
  const at = out.lastIndexOf('</body>');
  if (at < 0) throw new Error('a page without </body>: its scripts have nowhere to start from');
  const list = JSON.stringify(moved).replace(/</g, '\\u003c');
  const loader =
    `${LOADER}l.forEach(function(f){var s=document.createElement("script");` +
    `s.src=f[0];if(f[1])s.integrity=f[1];s.async=true;document.head.appendChild(s)})}` +
    `if(document.hidden)setTimeout(go,0);else requestAnimationFrame(function(){setTimeout(go,0)})})` +
    `(${list})`;
  return `${out.slice(0, at)}<script>${loader}</script>${out.slice(at)}`;
}

/**
 * The script files a page's paintFirst script starts, in order, as [src, integrity] pairs (the
 * integrity '' where the file has none); none for a page without one.
 */
export function startedScripts(html) {
  const at = html.lastIndexOf(`<script>${LOADER}`);
  if (at < 0) return [];
  const body = html.slice(at + '<script>'.length, html.indexOf('</script>', at));
  const list = /\)\((\[[^<]*\])\)$/.exec(body)?.[1];
  if (list === undefined) throw new Error('the page starts its scripts from a list not read here');
  return JSON.parse(list);
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
    // Stamped first, so each script file moved by paintFirst keeps its integrity; hashed again,
    // so the policy lists the inline script that starts them.
    const stamped = hashPage(readFileSync(file, 'utf8'), readStatic).html;
    const { html, hashes } = hashPage(paintFirst(stamped), readStatic);
    writeFileSync(file, html);
    manifest[route] = hashes;
  }
  writeFileSync(path.join(distDir, 'server', MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}
