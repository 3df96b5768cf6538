import 'server-only';
import { globalSignOut } from '@/lib/cognito';
import { log } from '@/lib/log';
import { APP_MSG } from '@/lib/messages';
import { SIGN_OUT_TIMEOUT_MS, appOrigin, hostedSignInEnabled, logoutUrl } from '@/lib/oauth/hosted';
import { endSession, type Session } from '@/lib/session';

/**
 * Revokes the tokens everywhere, and clears the cookies whether or not that worked. Cognito gets
 * the spec's 3 s (§9: 'Signout timeout fail'): past that the person is signed out here anyway, and
 * the revocation finishes on its own. Answers where the browser goes next: /login, or for a
 * creator who signed in with Google the pool's /logout, which ends the hosted session and comes
 * back to /login. `host` is the request's Host header (the address the person opened).
 */
export async function signOut(session: Session | null, host: string | null): Promise<string> {
  if (session) {
    const revoking = globalSignOut(session.accessToken).then((result) => {
      if (!result.ok) log.warn('auth.sign_out_failed', { reason: result.failure.name });
    });
    const timedOut = await Promise.race([
      revoking.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(resolve, SIGN_OUT_TIMEOUT_MS, true).unref()),
    ]);
    if (timedOut) log.warn('auth.sign_out_timeout', { message: APP_MSG.signOutTimeout });
  }
  await endSession();
  log.info('auth.signed_out');
  if (!session?.claims.provider || !hostedSignInEnabled()) return '/login';
  return logoutUrl(appOrigin(host));
}
