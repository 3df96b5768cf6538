// The standalone output (next.config.mjs `output: 'standalone'`) as a Node host runs it: Next
// traces the server's files into <dist>/standalone but leaves the static files and public/ to the
// deploy. These helpers copy them in and say where its server.js is.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The build folder, relative to the project (NEXT_DIST_DIR, else .next). */
export function distDirOf(distDir) {
  return distDir?.trim() || '.next';
}

/** Where the standalone server of a build is. */
export function standaloneServer(root, distDir) {
  return path.join(root, distDirOf(distDir), 'standalone', 'server.js');
}

/** The server chunks (not source maps) in a folder, by name; none when it does not exist. */
function serverChunks(dir) {
  return existsSync(dir) ? readdirSync(dir).filter((name) => /\.m?js$/.test(name)) : [];
}

/**
 * Copies <dist>/static and public/ into the standalone folder (fresh each build, so nothing of
 * an earlier build lingers) and answers the path of its server.js. Throws when the build made no
 * standalone server, or when a server chunk of the build was not traced into it: the server would
 * fail on the first request that needs it (an outputFileTracingExcludes glob matches part of any
 * path, so 'bench/**' also dropped the chunks of a build folder named .next-bench).
 */
export function completeStandalone(root, distDir) {
  const dist = distDirOf(distDir);
  const server = standaloneServer(root, distDir);
  if (!existsSync(server)) throw new Error(`${path.relative(root, server)} is missing`);
  const standalone = path.dirname(server);
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
  return server;
}
