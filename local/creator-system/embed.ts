import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ERROR_PAGE,
  INVALID_TOKEN_PAGE,
  METHOD_NOT_ALLOWED_PAGE,
  NOT_FOUND_PAGE,
  renderDashboard,
} from './dashboard';
import { requestUrl, sendHtml } from './http';
import type { CreatorStore } from './store';
import { normalizeDashPath } from './titles';
import { verifyEmbedToken } from './tokens';

export type EmbedContext = {
  store: CreatorStore;
  secret: Uint8Array;
  log: (line: string) => void;
};

/** Only the app on this machine may frame the embed. */
export const FRAME_ANCESTORS = 'frame-ancestors http://localhost:* http://127.0.0.1:*';

const HEADERS = {
  // Everything is inline; nothing else may load.
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; ${FRAME_ANCESTORS}`,
  // The token rides in the URL: keep it out of Referer headers.
  'Referrer-Policy': 'no-referrer',
};

/** The analytics embed stand-in's request handler. */
export function createEmbedHandler(
  ctx: EmbedContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const path = url ? normalizeDashPath(url.pathname) : '';
    if (!url || !/^\/dash(\/|$)/.test(path)) {
      sendHtml(res, 404, NOT_FOUND_PAGE, HEADERS);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendHtml(res, 405, METHOD_NOT_ALLOWED_PAGE, { ...HEADERS, Allow: 'GET, HEAD' });
      return;
    }
    const token = url.searchParams.get('embed_token') ?? '';
    const channelId = token ? await verifyEmbedToken(ctx.secret, token) : null;
    if (!channelId) {
      sendHtml(res, 401, INVALID_TOKEN_PAGE, HEADERS);
      return;
    }
    const email = ctx.store.get(channelId)?.email;
    const asked = url.searchParams.get('theme');
    const theme = asked === 'dark' || asked === 'light' ? asked : undefined;
    sendHtml(res, 200, renderDashboard({ path, channelId, email, theme }), HEADERS);
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      ctx.log(
        `analytics embed error on ${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      if (res.headersSent) res.destroy();
      else sendHtml(res, 500, ERROR_PAGE, HEADERS);
    });
  };
}
