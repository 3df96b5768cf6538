import { NextResponse } from 'next/server';

/** A relative Location keeps the person on the address they opened, behind a balancer or CDN. */
export function seeOther(target: string, headers: Record<string, string> = {}): NextResponse {
  return new NextResponse(null, { status: 303, headers: { ...headers, Location: target } });
}
