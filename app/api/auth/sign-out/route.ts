import type { NextRequest } from 'next/server';
import { log } from '@/lib/runtime/log';
import { fromOurPage } from '@/lib/http/security/same-origin';
import { verifySession } from '@/lib/session';
import { signOut } from '@/lib/auth/sign-out';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** Answers where the browser goes next (decision 020); only the site's own pages may ask. */
export async function POST(request: NextRequest) {
  if (!fromOurPage(request)) {
    log.warn('auth.sign_out_refused', { site: request.headers.get('sec-fetch-site') ?? 'none' });
    return Response.json(
      { error: 'Sign-out is asked for by the site itself.' },
      {
        status: 403,
        headers: NO_STORE,
      },
    );
  }
  const session = await verifySession();
  const next = await signOut(session, request.headers.get('host'));
  return Response.json({ next }, { headers: NO_STORE });
}
