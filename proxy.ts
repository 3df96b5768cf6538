import { NextResponse, type NextRequest } from 'next/server';
import { decodeCreatorCashQuery } from '@/lib/creatorcash/decode';
import { getEnv } from '@/lib/runtime/env';
import { REQUEST_ID_HEADER, arrivalContextOf, log, withRequestId } from '@/lib/runtime/log';
import { TOO_LARGE, actionRefusal } from '@/lib/http/security/action-gate';
import { declaredTooLarge } from '@/lib/http/security/body-limit';
import { contentSecurityPolicy, originOf, securityHeaders } from '@/lib/http/security/csp';
import { decide, routeAccess } from '@/lib/session/access';
import { RETURN_TTL_S } from '@/lib/session/lifetimes';
import { authenticateRequest } from '@/lib/session/refresh';
import { returnPath } from '@/lib/session/return-to';
import { cookieNames, cookieOptions } from '@/lib/session/seal';
import { SESSION_ROUTE } from '@/lib/session/watch';

// The first gate only: every server action and route handler checks the session again itself.
export async function proxy(request: NextRequest) {
  const { reqId, ...extra } = arrivalContextOf(request.headers, getEnv().TRUSTED_PROXY_HOPS);
  return withRequestId(reqId, () => guard(request, reqId), extra);
}

async function guard(request: NextRequest, reqId: string) {
  const { pathname, search } = request.nextUrl;
  const env = getEnv();
  const https = env.mode === 'production';
  const frameOrigin = originOf(env.ANALYTICS_EMBED_URL);
  const dev = process.env.NODE_ENV === 'development';
  const names = cookieNames(env);

  const secure = (response: NextResponse, csp: string) => {
    response.headers.set('Content-Security-Policy', csp);
    for (const [name, value] of Object.entries(securityHeaders({ https })))
      response.headers.set(name, value);
    return response;
  };

  // Our forms are tiny: a large body is refused unread (lib/http/security/body-limit.ts). An action
  // call Next's decoder or origin check would throw on (a 500) is answered here (decision 009).
  const isAction = request.method === 'POST' && request.headers.has('next-action');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const refused =
    hasBody && declaredTooLarge(request.headers.get('content-length'))
      ? TOO_LARGE
      : await actionRefusal(request);
  if (refused) {
    const { event, reason, status, error } = refused;
    log.warn(event, { method: request.method, path: pathname, reason });
    const answer = NextResponse.json({ error }, { status });
    return secure(answer, contentSecurityPolicy({ scripts: 'none', frameOrigin, dev, https }));
  }

  // Creator Cash is rendered once per variant at build time: no nonce (docs/decisions/037).
  const staticPolicy = contentSecurityPolicy({ scripts: 'static', frameOrigin, dev, https });

  if (pathname === '/creatorcash' || pathname.startsWith('/creatorcash/')) {
    if (pathname !== '/creatorcash') return secure(NextResponse.next(), staticPolicy);
    const variant = decodeCreatorCashQuery(search);
    const target = request.nextUrl.clone();
    target.search = '';
    // Rewrite, not redirect: the address bar keeps the campaign URL.
    target.pathname = variant ? `/creatorcash/${variant}` : '/';
    return secure(
      variant ? NextResponse.rewrite(target) : NextResponse.redirect(target),
      staticPolicy,
    );
  }

  request.headers.set(REQUEST_ID_HEADER, reqId);
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy({ scripts: { nonce }, frameOrigin, dev, https });
  // The page's own session check is not a person's activity (components/dashboard/session-watch.tsx).
  const check = request.method === 'GET' && pathname === SESSION_ROUTE;
  const auth = await authenticateRequest(request, { activity: !check });
  const loginVisit = request.method === 'GET' && pathname === '/login';
  const decision = decide(pathname, auth.signedIn, {
    ended: auth.ended,
    loginWithoutReason: loginVisit && !request.nextUrl.searchParams.has('reason'),
    loginSays: (loginVisit && request.nextUrl.searchParams.get('reason')) || undefined,
  });
  let response: NextResponse;
  // An action answers "signed out" itself (a redirect would break its page).
  if (decision.action === 'redirect' && !isAction) {
    response = NextResponse.redirect(new URL(decision.to, request.nextUrl.href));
    // Used up only where a person will see it, never by a prefetch (decision 011).
    const seen = request.headers.get('sec-fetch-dest') === 'document' || pathname === '/login';
    if (decision.told && seen) auth.told(response);
    // A page asked for while signed out is where the next sign-in lands (decision 047).
    const back = !auth.signedIn && navigation(request) && returnPath(pathname + search);
    if (back) response.cookies.set(names.returnTo, back, cookieOptions(env, RETURN_TTL_S));
  } else {
    // Next takes the nonce from the request's CSP header; refreshed cookies ride along.
    request.headers.set('x-nonce', nonce);
    request.headers.set('Content-Security-Policy', csp);
    response = NextResponse.next({ request: { headers: request.headers } });
    if (decision.action === 'next' && decision.told) auth.told(response);
  }
  auth.apply(response);
  response.headers.set(REQUEST_ID_HEADER, reqId);
  if (routeAccess(pathname) !== 'public')
    response.headers.set('Cache-Control', 'private, no-store');
  return secure(response, csp);
}

/** A page load a person made; a router fetch may be a prefetch, which Next does not let us tell. */
function navigation(request: NextRequest): boolean {
  return request.method === 'GET' && request.headers.get('sec-fetch-dest') === 'document';
}

export const config = {
  matcher: [
    {
      source:
        '/((?!_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:png|svg|ico|webp|jpg|txt|xml)$).*)',
    },
  ],
};
