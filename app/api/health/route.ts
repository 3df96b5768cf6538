import { getEnv } from '@/lib/runtime/env';
import { cachedHealth } from '@/lib/runtime/health';
import { limitWait } from '@/lib/http/rate-limit';

export const dynamic = 'force-dynamic';

const noStore = { 'Cache-Control': 'no-store' };

/** Public; answers 200 while the app itself runs, whatever the upstreams say. */
export async function GET() {
  const wait = await limitWait('health');
  if (wait > 0) {
    const retryAfter = String(Math.max(1, Math.ceil(wait / 1000)));
    return Response.json(
      { error: 'Too many requests.' },
      { status: 429, headers: { ...noStore, 'Retry-After': retryAfter } },
    );
  }
  return Response.json(await cachedHealth(getEnv()), { headers: noStore });
}
