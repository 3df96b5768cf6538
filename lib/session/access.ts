import { loginPath, type LoginReason as EndedReason } from '@/lib/messages/notices';

type RouteAccess = 'public-only' | 'public' | 'protected';

const PUBLIC_ONLY = new Set([
  '/login',
  '/login/mfa',
  '/login/mfa/choose',
  '/login/mfa/recovery',
  '/login/mfa/setup',
  '/login/email-code',
  '/login/new-password',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/api/auth/google',
]);
const PUBLIC = new Set([
  '/creatorcash',
  '/terms',
  '/privacy',
  '/robots.txt',
  '/api/health',
  '/api/live',
  '/api/ready',
  '/api/vitals',
  '/api/auth/sign-out',
  // Signed in, it may be confirming a deletion (decision 048); it sends a sign-in home itself.
  '/api/auth/callback',
  '/not-me',
]);
const PUBLIC_PREFIXES = ['/creatorcash/'];

export function routeAccess(pathname: string): RouteAccess {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_ONLY.has(path)) return 'public-only';
  if (PUBLIC.has(path) || PUBLIC_PREFIXES.some((p) => path.startsWith(p))) return 'public';
  return 'protected';
}

type Decision = { action: 'next'; told?: true } | { action: 'redirect'; to: string; told: boolean };

type Notice = {
  ended?: EndedReason;
  /** A page visit (GET) to /login that carries no `?reason=` of its own. */
  loginWithoutReason?: boolean;
  loginSays?: string;
};

export function decide(pathname: string, signedIn: boolean, notice: Notice = {}): Decision {
  const ended = signedIn ? undefined : notice.ended;
  const toLogin = (): Decision =>
    ended
      ? { action: 'redirect', to: loginPath(ended), told: true }
      : { action: 'redirect', to: loginPath(), told: false };
  const access = routeAccess(pathname);
  if (access === 'public-only' && signedIn) return { action: 'redirect', to: '/', told: false };
  // A reason nobody saw yet: /login says it once, however the person got there.
  if (ended && notice.loginWithoutReason) return toLogin();
  if (ended && notice.loginSays === ended) return { action: 'next', told: true };
  // A route handler answers a missing session itself (401), as a fetch expects.
  if (access === 'protected' && !signedIn && !pathname.startsWith('/api/')) return toLogin();
  return { action: 'next' };
}

export function needsRefresh(expiresAt: number, now: number, marginS = 60): boolean {
  return expiresAt - now <= marginS;
}

export function needsConfirmation(
  pathname: string,
  confirmedAt: number | undefined,
  now: number,
  everyS: number,
): boolean {
  if (pathname === '/profile' || pathname.startsWith('/profile/')) return true;
  return confirmedAt === undefined || now - confirmedAt >= everyS;
}
