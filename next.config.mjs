/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets two builds (e.g. a benchmark and a test run) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  // The local stack's services are plain Node processes, not part of the app bundle.
  outputFileTracingExcludes: { '*': ['local/**', 'bench/**', 'e2e/**', '.data/**'] },
};

export default nextConfig;
