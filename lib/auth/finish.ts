import 'server-only';
import { cookies } from 'next/headers';
import { revokeRefreshToken, type SignInContext, type SignInOutcome } from '@/lib/cognito';
import { settleDevice } from '@/lib/devices';
import { boundClaims, keepChannelDue } from '@/lib/dashboard/channel';
import type { SignInWay } from '@/lib/activity';
import { type CreatorResult } from '@/lib/creators';
import { log } from '@/lib/runtime/log';
import { type Message, APP_MSG } from '@/lib/messages';
import {
  clearChallenge,
  clearPendingEmail,
  getChallenge,
  rememberEmail,
  takeReturnTo,
  writeTokens,
} from '@/lib/session';
import { keepChallenge } from './challenge';
import { recordSignIn, wayOfChallenge } from './sign-in-record';
import { twoStepDone } from './unfinished';

/**
 * The step every way in ends on: a sign-in with tokens writes the session (the channel bound, the
 * device settled, the way recorded); one that stopped at a challenge keeps it for its page.
 */
export async function finishSignIn(
  outcome: SignInOutcome,
  {
    lookup,
    context,
    remember,
    review: afterReset,
    way,
  }: {
    lookup?: CreatorResult<string>;
    context?: SignInContext;
    remember?: boolean;
    review?: boolean;
    /** How the sign-in was made, where the waiting challenge does not tell (decision 058). */
    way?: SignInWay;
  } = {},
): Promise<{ done: true; next: string; signedIn: boolean } | { done: false; message: Message }> {
  // A challenge answered here may be the second step of the sign-in after a reset.
  const review = afterReset ?? (await getChallenge())?.review === true;
  if (outcome.type === 'signed-in') {
    const bound = await boundClaims(outcome.tokens.claims, lookup);
    if (!bound.ok) {
      // Not bound yet and the creator system cannot say to which channel: no session (decision 044).
      log.warn('auth.sign_in_refused', {
        reason: 'creator-system-down',
        account: outcome.tokens.claims.sub,
      });
      if (outcome.tokens.refreshToken) {
        const revoked = await revokeRefreshToken(outcome.tokens.refreshToken);
        if (!revoked.ok) log.warn('auth.revoke_failed', { reason: revoked.failure.name });
      }
      await clearChallenge();
      return { done: false, message: { text: APP_MSG.creatorSystemDown } };
    }
    const { claims } = bound;
    await settleDevice(outcome, remember);
    const jar = await cookies();
    const waited = ownChallenge(await getChallenge(), claims);
    await twoStepDone([claims.username, claims.sub, claims.email]);
    await writeTokens(jar, { ...outcome.tokens, claims });
    await recordSignIn({ sub: claims.sub }, way ?? wayOfChallenge(waited), true);
    await keepChannelDue(jar, claims.sub, bound.channelDue);
    await clearPendingEmail();
    await clearChallenge();
    await rememberEmail(claims.email);
    // The page a signed-out visit asked for, unless a review of the ways in comes first.
    const back = await takeReturnTo();
    return { done: true, signedIn: true, next: review ? REVIEW_AFTER_RESET : (back ?? '/') };
  }
  const kept = await keepChallenge(outcome, context?.device?.key, review);
  if (kept.ok) return { done: true, signedIn: false, next: kept.next };
  await clearChallenge();
  return { done: false, message: kept.message };
}

/** The waiting challenge, if it is the signed-in account's: another account's labels nothing. */
function ownChallenge<C extends { username: string; userId?: string }>(
  challenge: C | null,
  claims: { sub: string; email: string; username?: string },
): C | undefined {
  if (!challenge) return undefined;
  const names = [claims.sub, claims.email, claims.username].map((n) => n?.toLowerCase());
  const said = [challenge.username, challenge.userId].map((n) => n?.toLowerCase());
  return said.some((n) => n && names.includes(n)) ? challenge : undefined;
}

/** Where the sign-in after a reset ends: every way into the account, to review (decision 032). */
export const REVIEW_AFTER_RESET = '/profile?review=ways-in';
