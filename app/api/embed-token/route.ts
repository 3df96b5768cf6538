import { fetchEmbedToken } from '@/lib/creators';
import { log } from '@/lib/log';
import { verifySession } from '@/lib/session';
import type { EmbedTokenAnswer, EmbedTokenError } from './contract';
import { secondsLeft } from './seconds-left';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'private, no-store' };

function fail(error: EmbedTokenError, status: number) {
  return Response.json({ error }, { status, headers: HEADERS });
}

/**
 * A short-lived analytics embed token for the signed-in creator. The channel id comes from the
 * session only, never from the request, and never leaves the server.
 */
export async function GET() {
  const session = await verifySession();
  if (!session) return fail('unauthenticated', 401);
  const channelId = session.claims.channelId;
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
