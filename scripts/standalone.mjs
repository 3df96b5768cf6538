// The standalone output (next.config.mjs `output: 'standalone'`) as a Node host runs it: Next
// traces the server's files into <dist>/standalone but leaves the static files and public/ to the
// deploy. These helpers copy them in, with the server that runs them (serve.mjs: Next's server
// behind the build's precompressed files, docs/decisions/028), and say where it is.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressStatic } from './static-assets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The files of the server a host runs, copied from here into the standalone folder. */
const SERVER_FILES = ['serve.mjs', 'static-assets.mjs'];

/** The build folder, relative to the project (NEXT_DIST_DIR, else .next). */
export function distDirOf(distDir) {
  return distDir?.trim() || '.next';
}

/** Where the server of a build is (what a host runs: `node serve.mjs` in the standalone folder). */
export function standaloneServer(root, distDir) {
  return path.join(root, distDirOf(distDir), 'standalone', SERVER_FILES[0]);
}

/** The server chunks (not source maps) in a folder, by name; none when it does not exist. */
function serverChunks(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => /\.m?js$/.test(name)) : [];
}

/**
 * Copies <dist>/static and public/ into the standalone folder (fresh each build, so nothing of
 * an earlier build lingers), compresses the static scripts and styles there, adds the server
 * files and answers the path of the server. Throws when the build made no
 * standalone server, or when a server chunk of the build was not traced into it: the server would
 * fail on the first request that needs it (an outputFileTracingExcludes glob matches part of any
 * path, so 'bench/**' also dropped the chunks of a build folder named .next-bench).
 */
export function completeStandalone(root, distDir) {
  const dist = distDirOf(distDir);
  const server = standaloneServer(root, distDir);
  const standalone = path.dirname(server);
  const nextServer = path.join(standalone, 'server.js');
  if (!existsSync(nextServer)) throw new Error(`${path.relative(root, nextServer)} is missing`);
  const traced = new Set(serverChunks(path.join(standalone, dist, 'server', 'chunks')));
  const missing = serverChunks(path.join(root, dist, 'server', 'chunks')).filter(
    (name) => !traced.has(name),
  );
  if (missing.length)
    throw new Error(
      `${missing.length} server chunk${missing.length === 1 ? '' : 's'} of the build ${missing.length === 1 ? 'is' : 'are'} not in it (${missing.slice(0, 3).join(', ')}): does an outputFileTracingExcludes pattern match the build folder's name?`,
    );
  const staticTarget = path.join(standalone, dist, 'static');
  rmSync(staticTarget, { recursive: true, force: true });
  cpSync(path.join(root, dist, 'static'), staticTarget, { recursive: true });
  const publicDir = path.join(root, 'public');
  const publicTarget = path.join(standalone, 'public');
  rmSync(publicTarget, { recursive: true, force: true });
  if (existsSync(publicDir)) cpSync(publicDir, publicTarget, { recursive: true });
  precompressStatic(standalone, dist);
  for (const file of SERVER_FILES) cpSync(path.join(here, file), path.join(standalone, file));
  return server;
}
