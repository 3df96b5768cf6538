/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MANIFEST,
  hashPage,
  paintFirst,
  sealPrerendered,
  startedScripts,
} from './prerendered-csp.mjs';

// Known answers: the first is the example of the CSP specification's own documentation.
const ALERT = "alert('Hello, world.');";
const ALERT_HASH = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";
const FILE = 'console.log(1)';
const FILE_HASH = 'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M=';

const files: Record<string, string> = { 'chunks/a.js': FILE, 'chunks/b.js': 'b()' };
const readStatic = (rel: string) => {
  const text = files[rel];
  if (text === undefined) throw new Error(`no ${rel}`);
  return Buffer.from(text);
};

describe('hashPage', () => {
  it('hashes inline scripts as the browser does: the exact text between the tags, as UTF-8', () => {
    const { html, hashes } = hashPage(`<p>x</p><script>${ALERT}</script>`, readStatic);
    expect(hashes).toEqual([ALERT_HASH]);
    expect(html).toBe(`<p>x</p><script>${ALERT}</script>`);
    // One character more is another script.
    expect(hashPage(`<script>${ALERT} </script>`, readStatic).hashes).not.toEqual([ALERT_HASH]);
    // Not ASCII: hashed as UTF-8 bytes (the answer from `printf %s '"é"' | openssl dgst -sha256 -binary | base64`).
    expect(hashPage('<script>"é"</script>', readStatic).hashes).toEqual([
      "'sha256-8ohgF+nHq6z4BLVNZHh9zithHJVEuiHzr/3RJqblAIY='",
    ]);
  });

  it("stamps a script file with its own hash as integrity, the build's query left as it is", () => {
    const { html, hashes } = hashPage(
      '<script src="/_next/static/chunks/a.js?dpl=d1&amp;x=1" async=""></script>',
      readStatic,
    );
    expect(html).toBe(
      `<script integrity="${FILE_HASH}" src="/_next/static/chunks/a.js?dpl=d1&amp;x=1" async=""></script>`,
    );
    expect(hashes).toEqual([`'${FILE_HASH}'`]);
  });

  it('stamps an early fetch of a script file too, and no other link', () => {
    const page = [
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
      '<link rel="modulepreload" href="/_next/static/chunks/b.js">',
      '<link rel="stylesheet" href="/_next/static/css/app.css"/>',
      '<link rel="preload" as="font" href="/_next/static/media/f.woff2"/>',
    ].join('');
    const { html, hashes } = hashPage(page, readStatic);
    expect(html).toBe(
      [
        `<link integrity="${FILE_HASH}" rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>`,
        `<link integrity="sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc=" rel="modulepreload" href="/_next/static/chunks/b.js">`,
        '<link rel="stylesheet" href="/_next/static/css/app.css"/>',
        '<link rel="preload" as="font" href="/_next/static/media/f.woff2"/>',
      ].join(''),
    );
    expect(hashes).toEqual([
      `'${FILE_HASH}'`,
      "'sha256-cf242PFc/kb7xD0Qzhsmd9vvRkc+cWFmbi+k+YvtdKc='",
    ]);
  });

  it('leaves the text of a script alone, a link written inside it too', () => {
    const body = `x('<link rel="preload" as="script" href="/_next/static/chunks/a.js">')`;
    const { html } = hashPage(`<script>${body}</script>`, readStatic);
    expect(html).toBe(`<script>${body}</script>`);
  });

  it('keeps an integrity that matches, lists each hash once and in the order of the page', () => {
    const page = [
      `<script src="/_next/static/chunks/a.js" integrity="${FILE_HASH}" async=""></script>`,
      `<script>${ALERT}</script>`,
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      `<SCRIPT id="_R_">${ALERT}</SCRIPT >`,
    ].join('');
    const { html, hashes } = hashPage(page, readStatic);
    expect(hashes).toEqual([`'${FILE_HASH}'`, ALERT_HASH]);
    expect(html.match(/integrity=/g)).toHaveLength(2);
  });

  it('refuses what would not run under the policy', () => {
    expect(() =>
      hashPage(
        '<script src="/_next/static/chunks/a.js" integrity="sha256-AAAA"></script>',
        readStatic,
      ),
    ).toThrow('has integrity sha256-AAAA');
    expect(() => hashPage('<script src="https://cdn.example/x.js"></script>', readStatic)).toThrow(
      'only the build',
    );
    expect(() =>
      hashPage('<script src="/_next/static/chunks/gone.js"></script>', readStatic),
    ).toThrow('no chunks/gone.js');
  });
});

describe('paintFirst', () => {
  const A = `<script integrity="${FILE_HASH}" src="/_next/static/chunks/a.js?dpl=d1&amp;x=1" async=""></script>`;
  const B = '<script src="/_next/static/chunks/b.js" async></script>';
  const LEGACY = `<script integrity="${FILE_HASH}" src="/_next/static/chunks/a.js" noModule=""></script>`;
  /** What the inline script would add, in order (it is run in a stand-in document). */
  const started = (html: string) => {
    const body = /<script>(\(function\(l\)[\s\S]*?)<\/script><\/body>/.exec(html)?.[1];
    if (!body) return undefined;
    const added: { src: string; integrity: string; async: boolean }[] = [];
    const frames: (() => void)[] = [];
    const document = {
      hidden: false,
      createElement: () => ({ src: '', integrity: '', async: false }),
      head: { appendChild: (s: (typeof added)[number]) => added.push(s) },
    };
    const later: (() => void)[] = [];
    new Function('document', 'requestAnimationFrame', 'setTimeout', body)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => later.push(f),
    );
    const beforePaint = added.length;
    frames.forEach((f) => f());
    later.forEach((f) => f());
    return { beforePaint, added };
  };

  it('moves the async script files into one inline script at the end of the body', () => {
    const html = paintFirst(`<html><head>${A}${B}</head><body><p>Hi</p></body></html>`);
    expect(html).not.toContain('<script integrity');
    expect(html).not.toContain('<script src');
    expect(html.startsWith('<html><head></head><body><p>Hi</p><script>')).toBe(true);
    expect(started(html)).toEqual({
      beforePaint: 0,
      added: [
        { src: '/_next/static/chunks/a.js?dpl=d1&x=1', integrity: FILE_HASH, async: true },
        { src: '/_next/static/chunks/b.js', integrity: '', async: true },
      ],
    });
  });

  it('leaves inline scripts, the noModule fallback and scripts whose order counts', () => {
    const kept = `<script>${ALERT}</script>${LEGACY}<script src="/_next/static/chunks/b.js"></script>`;
    expect(paintFirst(`<body>${kept}</body>`)).toBe(`<body>${kept}</body>`);
    expect(paintFirst(`<body>${kept}${B}</body>`)).toMatch(
      new RegExp(`^<body>${kept.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}<script>`),
    );
  });

  it('writes the list so that nothing in it can end the script', () => {
    // `<!--` and `<script` inside a script change how the browser reads on to its end.
    const odd = '<script src="/_next/static/chunks/a.js?q=<!--<script" async=""></script>';
    const html = paintFirst(`<body>${odd}</body>`);
    const body = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(body).not.toContain('<');
    expect(started(html)!.added[0]!.src).toBe('/_next/static/chunks/a.js?q=<!--<script');
  });

  it('says which files a page starts, as its inline script holds them', () => {
    const html = paintFirst(`<html><head>${A}${B}</head><body><p>Hi</p></body></html>`);
    expect(startedScripts(html)).toEqual(
      started(html)!.added.map(({ src, integrity }) => [src, integrity]),
    );
    const odd = paintFirst(
      '<body><script src="/_next/static/chunks/a.js?q=<!--<script" async=""></script></body>',
    );
    expect(startedScripts(odd)).toEqual([['/_next/static/chunks/a.js?q=<!--<script', '']]);
    expect(startedScripts(`<body><script>${ALERT}</script></body>`)).toEqual([]);
  });

  it('answers a page with nothing to move as it is, and refuses a page without a body end', () => {
    expect(paintFirst(`<body><script>${ALERT}</script></body>`)).toBe(
      `<body><script>${ALERT}</script></body>`,
    );
    expect(() => paintFirst(`<head>${A}</head>`)).toThrow('without </body>');
  });
});

describe('sealPrerendered', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'sealed-'));
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(dist, rel)), { recursive: true });
      writeFileSync(path.join(dist, rel), text);
    };
    put('static/chunks/a.js', FILE);
    put('server/app/index.html', `<script>${ALERT}</script>`);
    put('server/app/creatorcash/v1.html', '<script src="/_next/static/chunks/a.js"></script>');
    put('server/app/creatorcash/v1.rsc', 'not a page');
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('stamps every prerendered page of the build and writes the manifest the guard reads', () => {
    const manifest = sealPrerendered(dist);
    expect(manifest).toEqual({ '/': [ALERT_HASH], '/creatorcash/v1': [`'${FILE_HASH}'`] });
    expect(JSON.parse(readFileSync(path.join(dist, 'server', MANIFEST), 'utf8'))).toEqual(manifest);
    expect(readFileSync(path.join(dist, 'server/app/creatorcash/v1.html'), 'utf8')).toContain(
      `integrity="${FILE_HASH}"`,
    );
    // A second run over the stamped pages answers the same.
    expect(sealPrerendered(dist)).toEqual(manifest);
  });

  it('starts async script files after the first paint, each with its integrity, and lists the script that starts them', () => {
    writeFileSync(
      path.join(dist, 'server/app/index.html'),
      '<body><script src="/_next/static/chunks/a.js" async=""></script></body>',
    );
    const manifest = sealPrerendered(dist);
    const html = readFileSync(path.join(dist, 'server/app/index.html'), 'utf8');
    const loader = /^<body><script>([\s\S]+)<\/script><\/body>$/.exec(html)![1]!;
    expect(loader).toContain(`["/_next/static/chunks/a.js","${FILE_HASH}"]`);
    expect(manifest['/']).toEqual([
      `'sha256-${createHash('sha256').update(loader).digest('base64')}'`,
    ]);
    // A second run over the sealed page answers the same.
    expect(sealPrerendered(dist)).toEqual(manifest);
  });

  it('refuses a path that leaves the static folder', () => {
    writeFileSync(
      path.join(dist, 'server/app/index.html'),
      '<script src="/_next/static/../server/app/index.html"></script>',
    );
    expect(() => sealPrerendered(dist)).toThrow('no static file');
  });
});
