export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Never limited, asks nothing upstream. */
export function GET() {
  return Response.json({ status: 'live' }, { headers: { 'Cache-Control': 'no-store' } });
}
