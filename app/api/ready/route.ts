import { isDraining } from '@/lib/runtime/readiness';

export const dynamic = 'force-dynamic';

/** Readiness for a balancer: 503 once the process is shutting down. Never limited. */
export function GET() {
  const draining = isDraining();
  return Response.json(
    { status: draining ? 'draining' : 'ready' },
    { status: draining ? 503 : 200, headers: { 'Cache-Control': 'no-store' } },
  );
}
