import type { MetadataRoute } from 'next';

// Everything a visitor can open may be crawled (signed-in pages redirect to sign-in anyway);
// the API answers machines, not searchers.
export default function robots(): MetadataRoute.Robots {
  return { rules: [{ userAgent: '*', allow: '/', disallow: '/api/' }] };
}
