/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The local stack's services are plain Node processes, not part of the app bundle.
  outputFileTracingExcludes: { '*': ['local/**', 'bench/**', 'e2e/**', '.data/**'] },
};

export default nextConfig;
