const distDir = process.env.NEXT_DIST_DIR || '.next';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets two builds (e.g. a benchmark and a test run) coexist.
  distDir,
  // Where the guard finds the build's prerendered-page hashes (lib/security/prerendered-csp.ts).
  env: { BUILD_DIST_DIR: distDir },
  poweredByHeader: false,
  // One build runs on every instance: `npm run build` makes it whole and `npm start` runs
  // <dist>/standalone/serve.mjs (scripts/build.mjs, README "Deploy").
  output: 'standalone',
  // Set per deploy: a page of one deploy asking an instance of another for its chunks or actions
  // gets a full reload instead of a broken page (version skew).
  deploymentId: process.env.NEXT_DEPLOYMENT_ID?.trim() || undefined,
  // Every build type-checks (a deploy never ships code that does not), as does `npm run typecheck`.
  typescript: { ignoreBuildErrors: false },
  reactStrictMode: true,
  // The same 64 KB the guard refuses above (lib/security/body-limit.ts): our forms send under 2 KB.
  experimental: { serverActions: { bodySizeLimit: '64kb' } },
  // The local stack's services are plain Node processes, not part of the app bundle. Each glob
  // matches part of any path, a build folder's too: no build folder's name may contain one
  // ('bench/**' dropped the server chunks of .next-bench; scripts/standalone.mjs now says so).
  outputFileTracingExcludes: { '*': ['local/**', 'e2e/**', '.data/**'] },
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

export default nextConfig;
