import { NextResponse } from 'next/server';

/**
 * A 303 redirect. A path of ours goes as a relative Location, which the browser resolves against
 * the address it asked for: behind a balancer or a CDN, and whatever address the server listens
 * on (the server's HOSTNAME), the person stays on the site they opened. A URL of another
 * site goes as it is.
 */
export function seeOther(target: string, headers: Record<string, string> = {}): NextResponse {
  return new NextResponse(null, { status: 303, headers: { ...headers, Location: target } });
}
