import 'server-only';
import { revokeRefreshTokenWithRetry } from '@/lib/cognito';
import { clearThisDevice, thisDeviceKey } from '@/lib/devices';
import { forgetHere, remembered } from '@/lib/devices/forget';
import { log } from '@/lib/runtime/log';
import { APP_MSG } from '@/lib/messages';
import { SIGN_OUT_TIMEOUT_MS, appOrigin, hostedSignInEnabled, logoutUrl } from '@/lib/oauth/hosted';
import { endSession, getRefresh, sessionId, type Session } from '@/lib/session';
import { markSessionEnded } from '@/lib/session/revocations';

/**
 * Signs this browser out, and only it: its session ends at once on every instance, and its
 * refresh token is revoked (RevokeToken, retried up to 5 s, running on past the answer). The
 * account's other browsers stay signed in; "Sign out everywhere" is GlobalSignOut. Answers the
 * next URL within SIGN_OUT_TIMEOUT_MS.
 */
export async function signOut(session: Session | null, host: string | null): Promise<string> {
  if (session) {
    const { sub } = session.claims;
    // First, so a copy of this browser's cookies opens nothing whatever Cognito answers.
    await markSessionEnded(sub, sessionId(session));
    const stored = await getRefresh();
    // A remembered device stays (the person asked for it). Any other is forgotten here and at the
    // pool, where it would be a row no browser holds. Both need the token the revocation ends.
    const key = await thisDeviceKey(sub);
    const status = key ? remembered(session.accessToken, key) : Promise.resolve(undefined);
    const revoking = status
      .then((kept) => (key && kept === false ? forgetHere(session.accessToken, key) : undefined))
      .then(() =>
        stored?.sub === sub ? revokeRefreshTokenWithRetry(stored.refreshToken) : undefined,
      )
      .then((result) => {
        if (result && !result.ok) log.warn('auth.sign_out_failed', { reason: result.failure.name });
      });
    const timedOut = await Promise.race([
      revoking.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, SIGN_OUT_TIMEOUT_MS, true).unref()),
    ]);
    if (timedOut) log.warn('auth.sign_out_timeout', { message: APP_MSG.signOutTimeout });
    // Answered by now: the pool is asked for at most STATUS_WAIT_MS, less than the wait above.
    if ((await status) === false) await clearThisDevice({ sub });
  }
  await endSession();
  log.info('auth.signed_out');
  if (!session?.claims.provider || !hostedSignInEnabled()) return '/login';
  return logoutUrl(appOrigin(host));
}
