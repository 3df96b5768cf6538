const distDir = process.env.NEXT_DIST_DIR || '.next';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets two builds (e.g. a benchmark and a test run) coexist.
  distDir,
  poweredByHeader: false,
  // Set per deploy: a page of one deploy asking an instance of another for its chunks or actions
  // gets a full reload instead of a broken page (version skew).
  deploymentId: process.env.NEXT_DEPLOYMENT_ID?.trim() || undefined,
  // Every build type-checks (a deploy never ships code that does not), as does `npm run typecheck`.
  typescript: { ignoreBuildErrors: false },
  reactStrictMode: true,
  // The same 64 KB the guard refuses above (lib/security/body-limit.ts): our forms send under 2 KB.
  experimental: { serverActions: { bodySizeLimit: '64kb' } },
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
