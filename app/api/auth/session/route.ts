import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { fromOurPage } from '@/lib/http/security/same-origin';
import { nowSeconds, verifySession } from '@/lib/session';
import type { SessionAnswer } from '@/lib/session/watch';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** Whether the session holds and how long it has before the idle rule ends it; counts nothing. */
export async function GET() {
  return answer();
}

/** The person is here (input on the page): the guard in front has counted it as activity. */
export async function POST(request: NextRequest) {
  if (!fromOurPage(request)) {
    log.warn('session.presence_refused', { site: request.headers.get('sec-fetch-site') ?? 'none' });
    return Response.json(
      { error: 'Presence is reported by the site itself.' },
      { status: 403, headers: NO_STORE },
    );
  }
  return answer();
}

async function answer() {
  const session = await verifySession();
  if (!session) {
    const ended: SessionAnswer = { signedIn: false };
    return Response.json(ended, { status: 401, headers: NO_STORE });
  }
  const { idleS } = getEnv().sessionLimits;
  const live: SessionAnswer = {
    signedIn: true,
    idleLeftS: Math.max(0, session.seenAt + idleS - nowSeconds()),
  };
  return Response.json(live, { headers: NO_STORE });
}
