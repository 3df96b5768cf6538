import { NextResponse, type NextRequest } from 'next/server';
import { decodeCreatorCashQuery } from '@/lib/creatorcash/decode';

/**
 * The request guard (Next 16's name for middleware). It is the first gate only: every server
 * action and route handler checks the session again itself.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (pathname === '/creatorcash') {
    const variant = decodeCreatorCashQuery(search);
    const target = request.nextUrl.clone();
    target.search = '';
    // Rewrite, not redirect: the address bar keeps the campaign URL.
    target.pathname = variant ? `/creatorcash/${variant}` : '/';
    return variant ? NextResponse.rewrite(target) : NextResponse.redirect(target);
  }

  return NextResponse.next();
}

export const config = {
  matcher: [
    {
      source: '/((?!_next/static|_next/image|favicon.ico|robots.txt|.*\\.(?:png|svg|ico|webp|jpg|txt|xml)$).*)',
    },
  ],
};
