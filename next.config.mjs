import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import { buildFacts, commitOf } from './scripts/build-facts.mjs';

const distDir = process.env.NEXT_DIST_DIR || '.next';
const root = path.dirname(fileURLToPath(import.meta.url));

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  let buildId = null;
  if (phase === PHASE_PRODUCTION_BUILD) {
    const { problems, notes, production } = buildFacts(process.env);
    if (problems.length) throw new Error(`The build cannot go on:\n- ${problems.join('\n- ')}`);
    const commit = commitOf(process.env, root);
    buildId = commit.id;
    if (production) {
      for (const note of notes) process.stdout.write(`Note: ${note}\n`);
      process.stdout.write(
        `Build id: ${commit.id ?? 'made up by the framework'} (${commit.source})\n`,
      );
    }
  }
  return {
    // A separate build folder lets two builds (e.g. a benchmark and a test run) coexist.
    distDir,
    // The commit's, so two builds of one commit carry one id (scripts/build-facts.mjs).
    generateBuildId: () => buildId,
    poweredByHeader: false,
    // Set per deploy: a page of one deploy asking an instance of another for its chunks or actions
    // gets a full reload instead of a broken page (version skew).
    deploymentId: process.env.NEXT_DEPLOYMENT_ID?.trim() || undefined,
    // Every build type-checks (a deploy never ships code that does not), as does `npm run typecheck`.
    typescript: { ignoreBuildErrors: false },
    reactStrictMode: true,
    // The same 64 KB the guard refuses above (lib/http/security/body-limit.ts): our forms send under 2 KB.
    // The framework copies a request's body for the guard, up to 10 MB by default, and drops the
    // piece that crosses its limit. Node reads a socket at most 64 KB at a time, so at twice the
    // guard's limit the copy of a body over it always shows more than 64 KB (lib/http/security/body-limit.test.ts).
    experimental: {
      serverActions: { bodySizeLimit: '64kb' },
      proxyClientMaxBodySize: 2 * 64 * 1024,
    },
    // Static assets bypass the guard; they still must not be sniffed or framed.
    async headers() {
      return [
        {
          source: '/:path*',
          headers: [
            { key: 'X-Content-Type-Options', value: 'nosniff' },
            { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          ],
        },
      ];
    },
  };
}
