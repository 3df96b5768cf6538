import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import type { HostedReason } from '@/lib/messages/notices';
import { emailRef, log } from '@/lib/log';
import { admitFederated, dismissFederated, type Refusal } from '@/lib/oauth/federation';
import { takeFlow } from '@/lib/oauth/flows';
import {
  appOrigin,
  exchangeCode,
  hostedSignInEnabled,
  logoutUrl,
  type ExchangeFailure,
} from '@/lib/oauth/hosted';
import { seeOther } from '@/lib/see-other';
import { ENDED_NOTICE_TTL_S, nowSeconds, writeTokens } from '@/lib/session';
import { returnPath } from '@/lib/session/return-to';
import { OAUTH_FLOW_TTL_S, cookieNames, cookieOptions } from '@/lib/session/seal';

export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

const EXCHANGE_REASONS: Record<ExchangeFailure, HostedReason> = {
  cancelled: 'google-cancelled',
  expired: 'google-used',
  unavailable: 'google-unavailable',
  failed: 'google-failed',
};
const REFUSAL_REASONS: Record<Refusal, HostedReason> = {
  'not-found': 'google-not-found',
  'creator-down': 'google-creator-down',
  'password-account': 'google-password-account',
  unverified: 'google-unverified',
  unavailable: 'google-unavailable',
};

/** Where the pool returns after Google; every ending but the dashboard is /login with a reason. */
export async function GET(request: NextRequest) {
  const env = getEnv();
  const names = cookieNames(env);
  const params = request.nextUrl.searchParams;
  const taken = await takeFlow(
    request.cookies.get(names.oauth)?.value,
    params.get('state'),
    env,
    nowSeconds(),
  );

  const to = (target: string) => {
    const response = seeOther(target, NO_STORE);
    response.cookies.set(
      names.oauth,
      taken.cookie,
      cookieOptions(env, taken.cookie ? OAUTH_FLOW_TTL_S : 0),
    );
    return response;
  };
  const toLogin = (reason: HostedReason) => to(`/login?reason=${reason}`);

  if (!hostedSignInEnabled(env)) return to('/login');
  if (!taken.flow) {
    // Not a sign-in this browser started (forged, replayed elsewhere, or its cookie expired).
    log.warn('oauth.state_mismatch', {
      hasState: params.has('state'),
      error: params.get('error')?.slice(0, 64),
    });
    return toLogin('google-state');
  }
  const origin = appOrigin(request.headers.get('host'), env);
  const exchanged = await exchangeCode(params, taken.flow, origin, env);
  if (!exchanged.ok) return toLogin(EXCHANGE_REASONS[exchanged.reason]);

  const { tokens } = exchanged;
  const admitted = await admitFederated(tokens);
  if (!admitted.ok) {
    log.info('oauth.refused', {
      reason: admitted.reason,
      account: emailRef(tokens.claims.email),
      sub: tokens.claims.sub,
    });
    await dismissFederated(tokens);
    // The hosted session ends too: the pool's /logout comes back to /login, which says why (the
    // sign-out URL is exact, so the reason waits in the notice cookie the guard reads).
    const response = to(logoutUrl(origin, env));
    response.cookies.set(
      names.ended,
      REFUSAL_REASONS[admitted.reason],
      cookieOptions(env, ENDED_NOTICE_TTL_S),
    );
    return response;
  }
  // The page a signed-out visit asked for, once (decision 047).
  const response = to(returnPath(request.cookies.get(names.returnTo)?.value) ?? '/');
  if (request.cookies.has(names.returnTo))
    response.cookies.set(names.returnTo, '', cookieOptions(env, 0));
  await writeTokens(response.cookies, { ...tokens, claims: admitted.claims });
  log.info('auth.signed_in', {
    with: 'google',
    account: emailRef(tokens.claims.email),
    sub: tokens.claims.sub,
  });
  return response;
}
