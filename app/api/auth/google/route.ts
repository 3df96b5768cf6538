import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/runtime/env';
import type { HostedReason } from '@/lib/messages/notices';
import { log } from '@/lib/runtime/log';
import { beginFlow } from '@/lib/oauth/flows';
import { appOrigin, authorizeUrl, hostedSignInEnabled } from '@/lib/oauth/hosted';
import { checkLimit } from '@/lib/http/rate-limit';
import { seeOther } from '@/lib/http/see-other';
import { nowSeconds, verifySession } from '@/lib/session';
import { OAUTH_FLOW_TTL_S, cookieNames, cookieOptions } from '@/lib/session/seal';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The state and PKCE verifier go into a short-lived sealed cookie, never to a script. */
export async function GET(request: NextRequest) {
  const env = getEnv();
  const to = (path: string) => seeOther(path, NO_STORE);
  const toLogin = (reason: HostedReason) => to(`/login?reason=${reason}`);
  if (!hostedSignInEnabled(env)) return to('/login');
  // The guard sends signed-in people home; this answers for itself too.
  if (await verifySession()) return to('/');
  if (await checkLimit('signIn')) return toLogin('google-limited');

  const names = cookieNames(env);
  const now = nowSeconds();
  const begun = await beginFlow(request.cookies.get(names.oauth)?.value, env, now);
  if (!begun.ok) {
    log.info('oauth.pending');
    return toLogin('google-pending');
  }
  const origin = appOrigin(request.headers.get('host'), env);
  const response = seeOther(await authorizeUrl(begun.flow, origin, env), NO_STORE);
  response.cookies.set(names.oauth, begun.cookie, cookieOptions(env, OAUTH_FLOW_TTL_S));
  log.info('oauth.started');
  return response;
}
