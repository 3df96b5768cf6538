// The standalone output (next.config.mjs `output: 'standalone'`) as a Node host runs it: Next
// traces the server's files into <dist>/standalone but leaves the static files and public/ to the
// deploy. These helpers copy them in and say where its server.js is.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The build folder, relative to the project (NEXT_DIST_DIR, else .next). */
export function distDirOf(distDir) {
  return distDir?.trim() || '.next';
}

/** Where the standalone server of a build is. */
export function standaloneServer(root, distDir) {
  return path.join(root, distDirOf(distDir), 'standalone', 'server.js');
}

/**
 * Copies <dist>/static and public/ into the standalone folder (fresh each build, so nothing of
 * an earlier build lingers) and answers the path of its server.js. Throws when the build made no
 * standalone server.
 */
export function completeStandalone(root, distDir) {
  const dist = distDirOf(distDir);
  const server = standaloneServer(root, distDir);
  if (!existsSync(server)) throw new Error(`${path.relative(root, server)} is missing`);
  const standalone = path.dirname(server);
  const staticTarget = path.join(standalone, dist, 'static');
  rmSync(staticTarget, { recursive: true, force: true });
  cpSync(path.join(root, dist, 'static'), staticTarget, { recursive: true });
  const publicDir = path.join(root, 'public');
  const publicTarget = path.join(standalone, 'public');
  rmSync(publicTarget, { recursive: true, force: true });
  if (existsSync(publicDir)) cpSync(publicDir, publicTarget, { recursive: true });
  return server;
}
