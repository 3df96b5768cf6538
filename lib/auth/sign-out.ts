import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { withSession } from '@/lib/actions';
import { globalSignOut } from '@/lib/cognito';
import { log } from '@/lib/runtime/log';
import { APP_MSG } from '@/lib/messages';
import { SIGN_OUT_TIMEOUT_MS, appOrigin, hostedSignInEnabled, logoutUrl } from '@/lib/oauth/hosted';
import { endSession, type Session } from '@/lib/session';
import { markRevoked } from '@/lib/session/revocations';

/** Signs out here within SIGN_OUT_TIMEOUT_MS, the revocation running on; answers the next URL. */
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
    // GlobalSignOut ends every session of the account at Cognito; the app agrees at once, not at
    // its next check with Cognito (a copied cookie would otherwise open pages for 5 minutes).
    await markRevoked(session.claims.sub);
  }
  await endSession();
  log.info('auth.signed_out');
  if (!session?.claims.provider || !hostedSignInEnabled()) return '/login';
  return logoutUrl(appOrigin(host));
}

/** Logout: signs out here, the revocation running on, and goes where signOut says. */
export const logoutAction = withSession(async (session): Promise<void> => {
  redirect(await signOut(session, (await headers()).get('host')));
});
