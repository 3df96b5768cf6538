import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { deletionPath } from '@/lib/oauth/deletion';
import { beginFlow } from '@/lib/oauth/flows';
import { appOrigin, authorizeUrl, hostedSignInEnabled } from '@/lib/oauth/hosted';
import { fromOurPage } from '@/lib/http/security/same-origin';
import { seeOther } from '@/lib/http/see-other';
import { nowSeconds, verifySession } from '@/lib/session';
import { OAUTH_FLOW_TTL_S, cookieNames, cookieOptions } from '@/lib/session/seal';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * A Google account's deletion starts here: Google signs the creator in again, and the callback
 * deletes the account only for that same account, freshly signed in (decision 048).
 */
export async function GET(request: NextRequest) {
  const env = getEnv();
  const to = (path: string) => seeOther(path, NO_STORE);
  const session = await verifySession();
  if (!session) return to('/login');
  if (!session.claims.provider || !hostedSignInEnabled(env)) return to('/profile#danger-zone');
  // Only the profile's own button starts it: a link on another site cannot.
  if (!fromOurPage(request)) {
    log.warn('profile.delete_start_refused', {
      site: request.headers.get('sec-fetch-site') ?? 'none',
    });
    return to('/profile#danger-zone');
  }
  const names = cookieNames(env);
  const begun = await beginFlow(request.cookies.get(names.oauth)?.value, env, nowSeconds(), {
    purpose: 'delete',
    sub: session.claims.sub,
  });
  if (!begun.ok) return to(deletionPath('failed'));
  const origin = appOrigin(request.headers.get('host'), env);
  const response = seeOther(await authorizeUrl(begun.flow, origin, env), NO_STORE);
  response.cookies.set(names.oauth, begun.cookie, cookieOptions(env, OAUTH_FLOW_TTL_S));
  log.info('profile.delete_confirming', { account: session.claims.sub, with: 'google' });
  return response;
}
