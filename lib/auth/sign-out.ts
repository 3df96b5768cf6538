import 'server-only';
import { globalSignOut } from '@/lib/cognito';
import { clearThisDevice, thisDeviceKey } from '@/lib/devices';
import { forgetHere, remembered } from '@/lib/devices/forget';
import { log } from '@/lib/runtime/log';
import { APP_MSG } from '@/lib/messages';
import { SIGN_OUT_TIMEOUT_MS, appOrigin, hostedSignInEnabled, logoutUrl } from '@/lib/oauth/hosted';
import { endSession, type Session } from '@/lib/session';
import { markRevoked } from '@/lib/session/revocations';

/** Signs out here within SIGN_OUT_TIMEOUT_MS, the revocation running on; answers the next URL. */
export async function signOut(session: Session | null, host: string | null): Promise<string> {
  if (session) {
    const { sub } = session.claims;
    // A remembered device stays (the person asked for it). Any other is forgotten here and at the
    // pool, where it would be a row no browser holds. Both need the token the revocation ends.
    const key = await thisDeviceKey(sub);
    const status = key ? remembered(session.accessToken, key) : Promise.resolve(undefined);
    const revoking = status
      .then((kept) => (key && kept === false ? forgetHere(session.accessToken, key) : undefined))
      .then(() => globalSignOut(session.accessToken))
      .then((result) => {
        if (!result.ok) log.warn('auth.sign_out_failed', { reason: result.failure.name });
      });
    const timedOut = await Promise.race([
      revoking.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, SIGN_OUT_TIMEOUT_MS, true).unref()),
    ]);
    if (timedOut) log.warn('auth.sign_out_timeout', { message: APP_MSG.signOutTimeout });
    // Answered by now: the pool is asked for at most STATUS_WAIT_MS, less than the wait above.
    if ((await status) === false) await clearThisDevice({ sub });
    // GlobalSignOut ends every session of the account at Cognito; the app agrees at once, not at
    // its next check with Cognito (a copied cookie would otherwise open pages for 5 minutes).
    await markRevoked(sub);
  }
  await endSession();
  log.info('auth.signed_out');
  if (!session?.claims.provider || !hostedSignInEnabled()) return '/login';
  return logoutUrl(appOrigin(host));
}
