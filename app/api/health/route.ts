import { getEnv } from '@/lib/env';
import { checkHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

/** Public liveness plus upstream reachability. Answers 200 while the app itself runs. */
export async function GET() {
  const health = await checkHealth(getEnv());
  return Response.json(health, { headers: { 'Cache-Control': 'no-store' } });
}
