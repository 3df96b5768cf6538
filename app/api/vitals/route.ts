import { z } from 'zod';
import { log } from '@/lib/runtime/log';
import { checkLimit } from '@/lib/http/rate-limit';
import { record } from '@/lib/runtime/metrics';
import { routeOf } from '@/lib/http/routes';

const metric = z.strictObject({
  name: z.enum(['CLS', 'FCP', 'FID', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100),
  navigationType: z.string().max(40).optional(),
  page: z
    .string()
    .max(200)
    .regex(/^\/[\w\-/.]*$/),
});

const MAX_BODY = 2048;
const noStore = { 'Cache-Control': 'no-store' };

export async function POST(request: Request) {
  // Past the limit, beacons are dropped quietly: a beacon cannot retry, and a 429 would only
  // put an error in the page's console.
  if (await checkLimit('vitals')) {
    log.info('vitals.dropped');
    return new Response(null, { status: 204, headers: noStore });
  }

  const text = await request.text().catch(() => '');
  if (text.length === 0 || text.length > MAX_BODY) {
    return Response.json(
      { error: 'Expected a small JSON body.' },
      { status: text.length ? 413 : 400, headers: noStore },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: 'The body is not JSON.' }, { status: 400, headers: noStore });
  }
  const parsed = metric.safeParse(body);
  if (!parsed.success) {
    log.info('vitals.rejected', { issues: parsed.error.issues.length });
    return Response.json({ error: 'Not a web-vitals metric.' }, { status: 400, headers: noStore });
  }
  const { name, value, rating, page } = parsed.data;
  // To metrics, not the log: a page view sends several (docs/product.md §7.6).
  record.webVital(value, { metric: name, page: routeOf(page), rating: rating ?? 'unrated' });
  return new Response(null, { status: 204, headers: noStore });
}
