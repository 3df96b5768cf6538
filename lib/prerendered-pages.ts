/**
 * The sign-in pages a visitor usually loads with nothing of their own in the address (/login,
 * /register, /forgot-password) are prerendered twice over: once offering "Continue with Google"
 * and once not, since whether the pool offers it is known only where the build runs
 * (docs/decisions/024). The guard serves the prerendered twin of such a visit and leaves every
 * other visit (a `?reason=`, an `?email=`, any query at all) to the page rendered per request,
 * which shows the same form with what the address asked for.
 */

export const SIGN_IN_OFFERS = ['with-google', 'without-google'] as const;
export type SignInOffer = (typeof SIGN_IN_OFFERS)[number];

export function isSignInOffer(value: unknown): value is SignInOffer {
  return SIGN_IN_OFFERS.includes(value as SignInOffer);
}

const PREFIX = '/prerendered';

const TWINS: Record<string, (offer: SignInOffer) => string> = {
  '/login': (offer) => `${PREFIX}/login/${offer}`,
  '/register': (offer) => `${PREFIX}/register/${offer}`,
  '/forgot-password': () => `${PREFIX}/forgot-password`,
};

/**
 * The prerendered twin of a visit, or undefined when the visit needs the page rendered for it.
 * `search` is the address's query as the guard sees it (Next's own `_rsc` marker of a router
 * fetch does not count).
 */
export function prerenderedTwin(
  pathname: string,
  search: URLSearchParams,
  google: boolean,
): string | undefined {
  const twin = Object.hasOwn(TWINS, pathname) ? TWINS[pathname] : undefined;
  if (!twin || [...search.keys()].some((key) => key !== '_rsc')) return undefined;
  return twin(google ? 'with-google' : 'without-google');
}

/** Whether a page has prerendered twins (its router fetches expect a prerendered answer). */
export function hasPrerenderedTwin(pathname: string): boolean {
  return Object.hasOwn(TWINS, pathname);
}

/**
 * The address a prerendered twin stands for, when someone asks for the twin by its own path:
 * it is sent there, so the twin is never a page of its own.
 */
export function publicPathOfTwin(pathname: string): string | undefined {
  if (pathname !== PREFIX && !pathname.startsWith(`${PREFIX}/`)) return undefined;
  const page = pathname.slice(PREFIX.length).split('/')[1];
  return `/${page}` in TWINS ? `/${page}` : '/login';
}
