import { channelDue, dropChannelDue } from '@/lib/dashboard/channel';
import { confirmSession } from '@/lib/cognito';
import { fetchEmbedToken } from '@/lib/creators';
import { log } from '@/lib/runtime/log';
import { endSession, verifySession } from '@/lib/session';
import type {
  EmbedTokenAnswer,
  EmbedTokenError,
  EmbedTokenFailure,
} from '@/lib/dashboard/embed-token';
import { secondsLeft } from './seconds-left';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'private, no-store' };

function fail(error: EmbedTokenError, status: number) {
  const body: EmbedTokenFailure = { error };
  return Response.json(body, { status, headers: HEADERS });
}

// Cognito confirms the session on every call (a sign-out everywhere ends a copied cookie here at
// once), and the channel id is Cognito's, never the request's (decision 006).
export async function GET() {
  const session = await verifySession();
  if (!session) return fail('unauthenticated', 401);
  const confirmed = await confirmSession(session.accessToken);
  if (!confirmed.ok) {
    if (confirmed.failure.kind === 'session-invalid') {
      log.info('session.ended', { reason: confirmed.failure.name, by: 'embed_token' });
      // The account was deleted: /login says so (decision 011).
      const gone = confirmed.failure.name === 'UserNotFoundException';
      await endSession(gone ? 'no-account' : undefined);
      return fail('unauthenticated', 401);
    }
    // Whether the session still stands cannot be told: no token until it can.
    log.warn('embed_token.confirm_failed', { reason: confirmed.failure.name });
    return fail('system_error', 503);
  }
  // The pool's; the creator record's only while this session's binding of an unbound account
  // waits for Cognito's quota (decision 055). Any other waiting binding goes.
  const held = confirmed.value.channelId;
  const due = held ? undefined : await channelDue(session);
  if (!due) await dropChannelDue();
  const channelId = held || due?.channelId;
  if (!channelId) return fail('no_channel', 403);

  const result = await fetchEmbedToken(channelId);
  if (!result.ok) {
    log.warn('embed_token.failed', { reason: result.reason });
    // An unknown channel is our data's fault, not the creator system being down.
    return result.reason === 'unavailable'
      ? fail('creator_unavailable', 503)
      : fail('system_error', 500);
  }
  const answer: EmbedTokenAnswer = { token: result.value, expiresIn: secondsLeft(result.value) };
  return Response.json(answer, { headers: HEADERS });
}
