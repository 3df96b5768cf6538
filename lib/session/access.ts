/**
 * Route access: which paths are public, public-only or protected, and when a session needs a
 * refresh or a confirmation; pure functions (docs/product.md §2), so they are testable alone.
 * proxy.ts applies them; pages and handlers still check the session themselves.
 */

type RouteAccess = 'public-only' | 'public' | 'protected';

/** Only for people who are signed out: a signed-in person is sent home. */
const PUBLIC_ONLY = new Set([
  '/login',
  '/login/mfa',
  '/login/email-code',
  '/login/new-password',
  '/register',
  '/verify-email',
  '/forgot-password',
]);
/** Open to everyone: the marketing pages, the legal redirects, and what crawlers and monitors fetch. */
const PUBLIC = new Set([
  '/creatorcash',
  '/terms',
  '/privacy',
  '/robots.txt',
  '/api/health',
  '/api/vitals',
]);
const PUBLIC_PREFIXES = ['/creatorcash/'];

/**
 * Protected by default: a path is public only when listed here, so a new page needs a session
 * (and is never cached) without anyone remembering to add it.
 */
export function routeAccess(pathname: string): RouteAccess {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_ONLY.has(path)) return 'public-only';
  if (PUBLIC.has(path) || PUBLIC_PREFIXES.some((p) => path.startsWith(p))) return 'public';
  return 'protected';
}

type Decision = { action: 'next' } | { action: 'redirect'; to: '/' | '/login' };

export function decide(pathname: string, signedIn: boolean): Decision {
  const access = routeAccess(pathname);
  if (access === 'public-only' && signedIn) return { action: 'redirect', to: '/' };
  // A route handler answers a missing session itself (401), as a fetch expects; pages redirect.
  if (access === 'protected' && !signedIn && !pathname.startsWith('/api/'))
    return { action: 'redirect', to: '/login' };
  return { action: 'next' };
}

/** Whether an access token expiring at `expiresAt` should be refreshed now (docs/architecture.md §3). */
export function needsRefresh(expiresAt: number, now: number, marginS = 60): boolean {
  return expiresAt - now <= marginS;
}

/** Pages that show or change account data: the guard confirms the session with Cognito there. */
export function needsConfirmation(
  pathname: string,
  confirmedAt: number | undefined,
  now: number,
  everyS: number,
): boolean {
  if (pathname === '/profile' || pathname.startsWith('/profile/')) return true;
  return confirmedAt === undefined || now - confirmedAt >= everyS;
}
