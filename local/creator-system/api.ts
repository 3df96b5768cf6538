import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { faultSchema, type FaultRoute, type Faults } from './faults';
import { HttpError, readJson, requestUrl, sendHtml, sendJson } from './http';
import { LEGAL_PAGES } from './legal';
import type { CreatorStore } from './store';
import { issueEmbedToken } from './tokens';

export type ApiContext = {
  store: CreatorStore;
  faults: Faults;
  secret: Uint8Array;
  embedTokenTtl: number;
  slowMs: number;
  apiKey?: string;
  log: (line: string) => void;
  /** Resolves after ms, or never once the system is closing. */
  sleep: (ms: number) => Promise<void>;
};

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: string[],
) => Promise<void> | void;

type Route = {
  pattern: RegExp;
  methods: Partial<Record<string, Handler>>;
  /** The fault switch that applies to this route. */
  fault?: FaultRoute;
  /** Open without an API key: the local test hooks, and pages people open in a browser. */
  open?: boolean;
};

const MAX_QUERY_LENGTH = 320;

const creatorSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email('email must be a valid email address')),
  name: z.string().trim().min(1).max(100).optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    const detail = result.error.issues
      .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
      .join('; ');
    throw new HttpError(400, `Invalid request body: ${detail}`);
  }
  return result.data;
}

/** The channel id of a /users/{id}/… path, decoded; a 400 when it does not decode. */
function channelIdOf(rawId: string): string {
  try {
    return decodeURIComponent(rawId);
  } catch {
    throw new HttpError(400, 'The channel id is not valid.');
  }
}

function sameKey(given: string, expected: string): boolean {
  // Compare digests so the comparison is constant-time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function routes(ctx: ApiContext): Route[] {
  return [
    {
      pattern: /^\/__local\/health$/,
      open: true,
      methods: { GET: (_req, res) => sendJson(res, 200, { ok: true }) },
    },
    {
      pattern: /^\/__local\/creators$/,
      open: true,
      methods: {
        POST: async (req, res) => {
          const { email, name } = parse(creatorSchema, await readJson(req));
          const { creator, created } = ctx.store.add(email, name);
          if (created) ctx.log(`creator added: ${creator.email} (${creator.id})`);
          sendJson(res, created ? 201 : 200, creator);
        },
      },
    },
    {
      pattern: /^\/__local\/faults$/,
      open: true,
      methods: {
        GET: (_req, res) => sendJson(res, 200, ctx.faults.list()),
        POST: async (req, res) => {
          const { route, mode } = parse(faultSchema, await readJson(req));
          ctx.faults.set(route, mode);
          ctx.log(`fault: ${route} -> ${mode}`);
          sendJson(res, 200, { route, mode });
        },
      },
    },
    {
      pattern: /^\/organizations\/revolt\/users\/search$/,
      fault: 'search',
      methods: {
        GET: (_req, res, url) => {
          const query = url.searchParams.get('query')?.trim() ?? '';
          if (query === '') throw new HttpError(400, 'The query parameter is required.');
          if (query.length > MAX_QUERY_LENGTH)
            throw new HttpError(400, `The query is longer than ${MAX_QUERY_LENGTH} characters.`);
          sendJson(res, 200, ctx.store.search(query));
        },
      },
    },
    {
      pattern: /^\/users\/([^/]+)\/embed_token$/,
      fault: 'embed_token',
      methods: {
        GET: async (_req, res, _url, [rawId = '']) => {
          const channelId = channelIdOf(rawId);
          if (!ctx.store.get(channelId))
            throw new HttpError(404, `No creator with channel id ${channelId}.`);
          sendJson(res, 200, {
            token: await issueEmbedToken(ctx.secret, channelId, ctx.embedTokenTtl),
          });
        },
      },
    },
    {
      // The product tells the creator system a creator's new sign-in email (decision 033).
      pattern: /^\/users\/([^/]+)\/email$/,
      methods: {
        PUT: async (req, res, _url, [rawId = '']) => {
          const channelId = channelIdOf(rawId);
          const { email } = parse(creatorSchema, await readJson(req));
          const moved = ctx.store.moveEmail(channelId, email);
          if (moved === 'missing')
            throw new HttpError(404, `No creator with channel id ${channelId}.`);
          if (moved === 'taken') throw new HttpError(409, 'Another creator has this email.');
          ctx.log(`creator email moved: ${channelId} -> ${email}`);
          sendJson(res, 200, ctx.store.get(channelId));
        },
      },
    },
    {
      pattern: /^\/legal\/(terms|privacy)$/,
      open: true,
      methods: { GET: (_req, res, url) => sendHtml(res, 200, LEGAL_PAGES[url.pathname] ?? '') },
    },
  ];
}

/** The creator API stand-in's request handler. */
export function createApiHandler(
  ctx: ApiContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  const table = routes(ctx);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    if (!url) throw new HttpError(400, 'The request target is not a valid path.');
    const match = table.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).find((x) => x.m);
    if (!match?.m) throw new HttpError(404, `No route for ${url.pathname}.`);
    const { r, m } = match;
    // HEAD is answered like GET; Node leaves the body out.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? '');
    const handler = r.methods[method];
    if (!handler) {
      const allow = Object.keys(r.methods).join(', ');
      throw new HttpError(405, `Method ${req.method} is not allowed here; use ${allow}.`, {
        Allow: allow,
      });
    }
    if (ctx.apiKey && !r.open) {
      const given = req.headers['x-api-key'];
      if (typeof given !== 'string' || !sameKey(given, ctx.apiKey))
        throw new HttpError(401, 'A valid x-api-key header is required.');
    }
    if (r.fault) {
      const mode = ctx.faults.get(r.fault);
      if (mode === 'error') throw new HttpError(500, `Injected fault: ${r.fault} is failing.`);
      if (mode === 'slow') await ctx.sleep(ctx.slowMs);
    }
    await handler(
      req,
      res,
      url,
      m.slice(1).map((s) => s ?? ''),
    );
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof HttpError) {
        sendJson(res, err.status, { error: err.message }, err.headers);
        return;
      }
      ctx.log(
        `creator API error on ${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      sendJson(res, 500, { error: 'Internal error.' });
    });
  };
}
