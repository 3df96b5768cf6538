/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  MANIFEST,
  acceptsBrotli,
  headersFor,
  precompressStatic,
  staticAssets,
} from './static-assets.mjs';

// The rule next.config.mjs has, as routes-manifest.json holds it.
const EVERY_PATH = {
  source: '/:path*',
  regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$',
  headers: [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  ],
};
const SCRIPT = `${'export const creators = ["youtube", "facebook", "instagram", "twitch"];\n'.repeat(80)}`;
const STYLE = `${'.card { border-radius: 12px; padding: 24px; }\n'.repeat(40)}`;

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true], // Chromium's
    ['br', true],
    ['BR;Q=0.5', true],
    ['gzip;q=1.0, br; q=0.001', true],
    ['*', true],
    ['gzip, *;q=0.1', true],
    ['br;q=0', false],
    ['br;q=0.0, *', false], // br named: its own weight counts, not the star's
    ['*;q=0', false],
    ['gzip, deflate', false],
    ['brotli', false],
    ['br;q=abc', false],
    ['', false],
  ])('%j → %s', (header, takes) => {
    expect(acceptsBrotli(header)).toBe(takes);
  });

  it('takes nothing from a missing or repeated header', () => {
    expect(acceptsBrotli(undefined)).toBe(false);
    expect(acceptsBrotli(['br', 'gzip'])).toBe(false);
  });
});

describe('headersFor', () => {
  it('applies each matching rule in order, the later winning', () => {
    const later = {
      source: '/_next/static/:path*',
      regex: '^/_next/static(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$',
      headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }],
    };
    const other = { ...later, regex: '^/other$', headers: [{ key: 'X-Other', value: '1' }] };
    expect(headersFor('/_next/static/chunks/a.js', [EVERY_PATH, later, other])).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });

  it('refuses a matching rule that depends on the request', () => {
    const conditional = { ...EVERY_PATH, has: [{ type: 'header', key: 'x-a' }] };
    expect(() => headersFor('/_next/static/chunks/a.js', [conditional])).toThrow(
      /depends on the request/,
    );
    // One that does not match the file is no matter.
    expect(headersFor('/_next/static/a.js', [{ ...conditional, regex: '^/x$' }])).toEqual({});
  });
});

describe('the precompressed static files', () => {
  let folder: string;
  let server: http.Server;
  let target: { host: string; port: number };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
    const put = (rel: string, body: string | Buffer) => {
      const file = path.join(folder, '.next-x', rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    };
    put('routes-manifest.json', JSON.stringify({ headers: [EVERY_PATH] }));
    put('static/chunks/app.js', SCRIPT);
    put('static/chunks/tiny.js', 'x'); // brotli makes it larger
    put('static/css/app.css', STYLE);
    put('static/media/font.woff2', Buffer.alloc(2000, 7)); // not a script or a style
    precompressStatic(folder, '.next-x');
    const serve = staticAssets(folder);
    server = http.createServer((req, res) => {
      if (!serve(req, res)) res.end('to next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  /** A raw request: fetch would decompress and add its own Accept-Encoding. */
  function get(pathname: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        // The path as given: a URL would resolve its dot segments first.
        const req = http.request({ ...target, path: pathname, method, headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(parts),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      },
    );
  }

  it('lists the scripts and styles brotli makes smaller, and nothing else', () => {
    const manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8'));
    expect(manifest.distDir).toBe('.next-x');
    expect(Object.keys(manifest.files).sort()).toEqual([
      '/_next/static/chunks/app.js',
      '/_next/static/css/app.css',
    ]);
  });

  it('serves a script compressed, as the same bytes, with the headers Next gives it', async () => {
    const res = await get('/_next/static/chunks/app.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-length': String(res.body.length),
    });
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    const css = await get('/_next/static/css/app.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(brotliDecompressSync(css.body).toString()).toBe(STYLE);
  });

  it("ignores the address's query (the deploy's ?dpl=) and answers HEAD without a body", async () => {
    const res = await get('/_next/static/chunks/app.js?dpl=abc', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const head = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(res.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('answers 304 to the tag it gave, weak or strong', async () => {
    const first = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/_next/static/chunks/app.js', {
        'accept-encoding': 'br',
        'if-none-match': ifNoneMatch,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const changed = await get('/_next/static/chunks/app.js', {
      'accept-encoding': 'br',
      'if-none-match': '"other"',
    });
    expect(changed.status).toBe(200);
  });

  it('leaves to Next what it does not hold, a browser without brotli and other methods', async () => {
    for (const [pathname, headers, method] of [
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, deflate' }, 'GET'],
      ['/_next/static/chunks/app.js', {}, 'GET'],
      ['/_next/static/chunks/app.js', { 'accept-encoding': 'br' }, 'POST'],
      ['/_next/static/chunks/tiny.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/media/font.woff2', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/app.js.br', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/../chunks/app.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/_next/static/chunks/%61pp.js', { 'accept-encoding': 'br' }, 'GET'],
      ['/login', { 'accept-encoding': 'br' }, 'GET'],
    ] as const) {
      const res = await get(pathname, headers, method);
      expect([pathname, res.body.toString()]).toEqual([pathname, 'to next']);
      expect(res.headers['content-encoding']).toBeUndefined();
    }
  });
});
