#!/usr/bin/env node
// The web server of a production build: `node serve.mjs` in the standalone folder `npm run build`
// makes (README "Deploy"). It is Next's own standalone server.js with one thing added in front:
// the build's script and style files, compressed with brotli once at build time, are served as
// they are (scripts/static-assets.mjs, docs/decisions/028-precompressed-static-files.md). Every
// other request goes to Next, through its documented custom-server API, unchanged.
//
// Reads what server.js reads: PORT, HOSTNAME, KEEP_ALIVE_TIMEOUT; the config the build wrote.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST, staticAssets } from './static-assets.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
process.env.NODE_ENV = 'production';
process.chdir(dir);

const port = Number.parseInt(process.env.PORT ?? '', 10) || 3000;
const hostname = process.env.HOSTNAME || '0.0.0.0';
// The framework keeps the guard's own rewrites (the prerendered sign-in pages, Creator Cash's
// campaign address) inside the process only when their target names the host it was given, and
// it writes a loopback address as `localhost` there (decision 025). Given 127.0.0.1 or ::1, it
// would fetch them over the network and the sign-in pages would redirect in a loop: it is told
// `localhost`, and the server still listens on the address itself.
const frameworkHostname = ['127.0.0.1', '::1'].includes(hostname) ? 'localhost' : hostname;
const keepAlive = Number.parseInt(process.env.KEEP_ALIVE_TIMEOUT ?? '', 10);

const { distDir } = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));
const { config } = JSON.parse(
  readFileSync(path.join(dir, distDir, 'required-server-files.json'), 'utf8'),
);
// As server.js does: the build's config, not a config file (there is none here).
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
// Next's server builds absolute addresses (a server action's redirect) from these two.
const origin = `http://${hostname === '0.0.0.0' ? 'localhost' : hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
process.env.PORT = String(port);
process.env.__NEXT_PRIVATE_ORIGIN = origin;

const require = createRequire(import.meta.url);
const next = require('next');
// The name Next's own server.js gives the process, which process lists and bench/load.mjs look for.
process.title = `next-server (v${require('next/package.json').version})`;
const serveAsset = staticAssets(dir);

let handle = null;

const server = http.createServer(async (req, res) => {
  try {
    if (serveAsset(req, res)) return;
    if (!handle) await ready;
    await handle(req, res);
  } catch (error) {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) {
      res.statusCode = 500;
      res.end('Internal Server Error');
    } else res.destroy();
  }
});
// As server.js: a positive number of ms, else Node's default.
if (Number.isFinite(keepAlive) && keepAlive > 0) server.keepAliveTimeout = keepAlive;

const ready = (async () => {
  const app = next({
    dev: false,
    dir,
    hostname: frameworkHostname,
    port,
    conf: config,
    httpServer: server,
  });
  await app.prepare();
  handle = app.getRequestHandler();
  return app;
})();

server.on('error', (error) => {
  console.error('Failed to start the server', error);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`Ready on ${origin}`);
});
ready.catch((error) => {
  console.error('The app did not start', error);
  process.exit(1);
});

// A stop stops taking requests, lets those under way finish (up to 10 s) and Next close.
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 10_000).unref();
  server.close(async () => {
    try {
      await (await ready).close?.();
    } finally {
      process.exit(0);
    }
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
