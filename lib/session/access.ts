/**
 * Route access: which paths are public, public-only or protected, and when a session needs a
 * refresh or a confirmation; pure functions (docs/product.md §2), so they are testable alone.
 * proxy.ts applies them; pages and handlers still check the session themselves.
 */

import { loginPath } from '@/lib/login-notices';
import type { EndedReason } from './index';

type RouteAccess = 'public-only' | 'public' | 'protected';

/** Only for people who are signed out: a signed-in person is sent home. */
const PUBLIC_ONLY = new Set([
  '/login',
  '/login/mfa',
  '/login/mfa/choose',
  '/login/mfa/setup',
  '/login/email-code',
  '/login/new-password',
  '/register',
  '/verify-email',
  '/forgot-password',
  // The hosted sign-in's start and return (app/api/auth): answer for themselves, signed out only.
  '/api/auth/google',
  '/api/auth/callback',
]);
/** Open to everyone: the marketing pages, the legal redirects, and what crawlers and monitors fetch. */
const PUBLIC = new Set([
  '/creatorcash',
  '/terms',
  '/privacy',
  '/robots.txt',
  '/api/health',
  '/api/vitals',
  // A page's own sign-out (components/dashboard/sign-out.ts): it answers with or without a session.
  '/api/auth/sign-out',
  // "This wasn't me" from a security notice: signed in or not (decision 032).
  '/not-me',
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

type Decision =
  /** `told` marks a waiting reason as shown: the page itself says it. */
  | { action: 'next'; told?: true }
  /** `to` is the whole target (path and query); `told` marks a waiting reason as shown. */
  | { action: 'redirect'; to: string; told: boolean };

type Notice = {
  /** Why the session ended, when the person has not been told yet (docs/architecture.md §3.3). */
  ended?: EndedReason;
  /** A page visit (GET) to /login that carries no `?reason=` of its own. */
  loginWithoutReason?: boolean;
  /** The `?reason=` of a page visit (GET) to /login. */
  loginSays?: string;
};

/**
 * Where the guard sends a request: on, home, or to /login, which says why a session ended when a
 * reason waits. This is the one place that builds `/login?reason=…` for the guard.
 */
export function decide(pathname: string, signedIn: boolean, notice: Notice = {}): Decision {
  const ended = signedIn ? undefined : notice.ended;
  const toLogin = (): Decision =>
    ended
      ? { action: 'redirect', to: loginPath(ended), told: true }
      : { action: 'redirect', to: loginPath(), told: false };
  const access = routeAccess(pathname);
  if (access === 'public-only' && signedIn) return { action: 'redirect', to: '/', told: false };
  // A session that ended where nobody saw why: /login itself says so once, however the person got
  // there.
  if (ended && notice.loginWithoutReason) return toLogin();
  // The page that ended the session sent the person to /login with its reason: shown there, so
  // it no longer waits.
  if (ended && notice.loginSays === ended) return { action: 'next', told: true };
  // A route handler answers a missing session itself (401), as a fetch expects; pages redirect.
  if (access === 'protected' && !signedIn && !pathname.startsWith('/api/')) return toLogin();
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
