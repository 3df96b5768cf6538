import type { MetadataRoute } from 'next';

// Signed-in pages redirect to sign-in anyway; the API answers machines, not searchers.
export default function robots(): MetadataRoute.Robots {
  return { rules: [{ userAgent: '*', allow: '/', disallow: '/api/' }] };
}
