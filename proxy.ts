import { NextResponse, type NextRequest } from 'next/server';
import { decodeCreatorCashQuery } from '@/lib/creatorcash/decode';
import { decide, routeAccess } from '@/lib/session/guard';
import { authenticateRequest } from '@/lib/session/refresh';

/**
 * The request guard (Next 16's name for middleware). It is the first gate only: every server
 * action and route handler checks the session again itself.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (pathname === '/creatorcash') {
    const variant = decodeCreatorCashQuery(search);
    const target = request.nextUrl.clone();
    target.search = '';
    // Rewrite, not redirect: the address bar keeps the campaign URL.
    target.pathname = variant ? `/creatorcash/${variant}` : '/';
    return variant ? NextResponse.rewrite(target) : NextResponse.redirect(target);
  }
  if (pathname.startsWith('/creatorcash/')) return NextResponse.next();

  const auth = await authenticateRequest(request);
  const decision = decide(pathname, auth.signedIn);
  let response: NextResponse;
  if (decision.action === 'redirect') {
    const target = request.nextUrl.clone();
    target.pathname = decision.to;
    target.search = '';
    response = NextResponse.redirect(target);
  } else {
    // Forward the (possibly refreshed) cookies so this request's render sees them.
    response = NextResponse.next({ request: { headers: request.headers } });
  }
  auth.apply(response);
  if (routeAccess(pathname) !== 'any') response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:png|svg|ico|webp|jpg|txt|xml)$).*)',
    },
  ],
};
