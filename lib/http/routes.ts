// Every route the app has (app/**/page.tsx and route.ts; lib/http/routes.test.ts holds it to the disk),
// so an access line or a metric names a route from a fixed set, never a raw path.
const EXACT = new Set([
  '/',
  '/login',
  '/login/email-code',
  '/login/mfa',
  '/login/mfa/choose',
  '/login/mfa/recovery',
  '/login/mfa/setup',
  '/login/new-password',
  '/forgot-password',
  '/register',
  '/verify-email',
  '/not-me',
  '/profile',
  '/creatorcash',
  '/terms',
  '/privacy',
  '/robots.txt',
  '/api/auth/callback',
  '/api/auth/google',
  '/api/auth/google/delete',
  '/api/auth/session',
  '/api/auth/sign-out',
  '/api/embed-token',
  '/api/health',
  '/api/live',
  '/api/ready',
  '/api/vitals',
]);

const PATTERNS: [RegExp, string][] = [
  [
    /^\/creatorcash\/[^/]+\/opengraph-image(?:[-/][^/]*)?$/,
    '/creatorcash/[variant]/opengraph-image',
  ],
  [/^\/creatorcash\/[^/]+$/, '/creatorcash/[variant]'],
  [/^\/_next\/static\//, '/_next/static'],
  [/^\/_next\/image$/, '/_next/image'],
  [/^\/_next\//, '/_next'],
];

export function routeOf(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (EXACT.has(path)) return path;
  for (const [pattern, route] of PATTERNS) if (pattern.test(path)) return route;
  return '/[...rest]';
}
