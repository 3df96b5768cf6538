import type { NextRequest, NextResponse } from 'next/server';
import { deleteOwnAccount, revokeRefreshToken } from '@/lib/cognito';
import { keepChannelDue } from '@/lib/dashboard/channel';
import { getEnv, type Env } from '@/lib/runtime/env';
import type { HostedReason } from '@/lib/messages/notices';
import { emailRef, log } from '@/lib/runtime/log';
import { admitFederated, dismissFederated, type Refusal } from '@/lib/oauth/federation';
import { deletionPath, deletionProof } from '@/lib/oauth/deletion';
import { takeFlow } from '@/lib/oauth/flows';
import {
  appOrigin,
  exchangeCode,
  hostedSignInEnabled,
  logoutUrl,
  type ExchangeFailure,
} from '@/lib/oauth/hosted';
import { seeOther } from '@/lib/http/see-other';
import {
  ENDED_NOTICE_TTL_S,
  endSession,
  forgetEmail,
  nowSeconds,
  verifySession,
  writeTokens,
} from '@/lib/session';
import { markRevoked } from '@/lib/session/revocations';
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
  // Signed in already (another tab finished first): home, as every sign-in page does.
  if (taken.flow.purpose !== 'delete' && (await verifySession())) return to('/');
  const origin = appOrigin(request.headers.get('host'), env);
  const exchanged = await exchangeCode(params, taken.flow, origin, env);
  if (taken.flow.purpose === 'delete')
    return deleteConfirmed(exchanged, taken.flow.sub ?? '', { to, origin, env });
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
  await keepChannelDue(response.cookies, tokens.claims.sub, admitted.channelDue);
  log.info('auth.signed_in', {
    with: 'google',
    account: emailRef(tokens.claims.email),
    sub: tokens.claims.sub,
  });
  return response;
}

/** Google confirmed a deletion: the same account, signed in just now, is deleted (decision 048). */
async function deleteConfirmed(
  exchanged: Awaited<ReturnType<typeof exchangeCode>>,
  sub: string,
  { to, origin, env }: { to: (target: string) => NextResponse; origin: string; env: Env },
) {
  const session = await verifySession();
  // Signed out (or in as someone else) meanwhile: nothing to delete from this browser.
  if (!session || session.claims.sub !== sub) {
    if (exchanged.ok && exchanged.tokens.refreshToken)
      await revokeRefreshToken(exchanged.tokens.refreshToken);
    log.warn('profile.delete_without_session');
    return to('/login');
  }
  if (!exchanged.ok)
    return to(deletionPath(exchanged.reason === 'cancelled' ? 'cancelled' : 'failed'));
  const { tokens, authTime } = exchanged;
  // The round trip's own tokens are not a session: they end whatever happens next.
  const proof = deletionProof(sub, { sub: tokens.claims.sub, authTime }, nowSeconds());
  if (proof !== 'ok') {
    // Another Google account: the user the pool made for it on the way is not kept.
    await dismissFederated(tokens);
    log.warn('profile.delete_refused', { account: sub, reason: proof });
    return to(deletionPath(proof === 'other-account' ? 'other-account' : 'failed'));
  }
  const deleted = await deleteOwnAccount(tokens.accessToken);
  if (!deleted.ok) {
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    log.warn('profile.delete_failed', { account: sub, reason: deleted.failure.name });
    return to(deletionPath('failed'));
  }
  await markRevoked(sub);
  log.info('profile.account_deleted', { account: sub, with: 'google' });
  // The pool's hosted session ends too; /login then says the account was deleted.
  const response = to(logoutUrl(origin, env));
  await endSession('account-deleted', response.cookies);
  await forgetEmail(response.cookies);
  return response;
}
