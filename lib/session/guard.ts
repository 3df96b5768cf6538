/**
 * The guard's decisions as pure functions (spec §2 route access), so they are testable alone.
 * proxy.ts applies them; pages and handlers still check the session themselves.
 */

export type RouteAccess = 'public-only' | 'protected' | 'any';

const PUBLIC_ONLY = new Set([
  '/login',
  '/login/mfa',
  '/login/new-password',
  '/register',
  '/verify-email',
  '/forgot-password',
]);
const PROTECTED = new Set(['/', '/profile']);

export function routeAccess(pathname: string): RouteAccess {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_ONLY.has(path)) return 'public-only';
  if (PROTECTED.has(path) || path.startsWith('/profile/')) return 'protected';
  return 'any';
}

export type Decision = { action: 'next' } | { action: 'redirect'; to: '/' | '/login' };

export function decide(pathname: string, signedIn: boolean): Decision {
  const access = routeAccess(pathname);
  if (access === 'public-only' && signedIn) return { action: 'redirect', to: '/' };
  if (access === 'protected' && !signedIn) return { action: 'redirect', to: '/login' };
  return { action: 'next' };
}

/** Whether an access token expiring at `expiresAt` should be refreshed now (design §3). */
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
