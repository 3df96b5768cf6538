import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchEmbedToken, findCreatorId } from './index';

/**
 * The creator-system client against an upstream that answers anything (any status, any body,
 * hangs up): it never throws, and only ever hands on what a valid answer holds. A real HTTP server
 * on a free port plays the upstream; nothing of ours is stood in for.
 */

type Reply = { status: number; body: string; hangUp: boolean };
let reply: Reply = { status: 200, body: '[]', hangUp: false };
const seen: string[] = [];

const server = http.createServer((req, res) => {
  seen.push(req.url ?? '');
  if (reply.hangUp) {
    req.socket.destroy();
    return;
  }
  res.writeHead(reply.status, { 'content-type': 'application/json' });
  res.end(reply.body);
});
let env: { CREATOR_API_URL: string; CREATOR_API_KEY: undefined; UPSTREAM_TIMEOUT_MS: number };

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env = {
    CREATOR_API_URL: `http://127.0.0.1:${port}`,
    CREATOR_API_KEY: undefined,
    UPSTREAM_TIMEOUT_MS: 2000,
  };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const RUNS = 1000;
const status = fc.oneof(
  fc.constant(200),
  fc.constantFrom(201, 204, 301, 400, 401, 403, 404, 429, 500, 502, 503),
);
const anyJson = fc.oneof(
  fc.json(),
  fc.string(),
  fc.constant(''),
  fc.constant('{"token":'),
  fc.constant('null'),
);
const user = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    email: fc.oneof(fc.emailAddress(), fc.string()),
  },
  { requiredKeys: [] },
);
const email = fc.oneof(fc.emailAddress(), fc.string(), fc.constant('Creator@Creator.Test'));

describe('findCreatorId', () => {
  it('answers a typed result for any upstream answer, and only an exact email match', async () => {
    await fc.assert(
      fc.asyncProperty(
        email,
        status,
        fc.oneof(
          anyJson,
          fc.array(user, { maxLength: 5 }).map((u) => JSON.stringify(u)),
        ),
        fc.boolean(),
        fc.boolean(),
        async (wanted, code, body, hangUp, planted) => {
          // Sometimes the list holds the wanted address in another case, as the search does.
          const list = (() => {
            try {
              return JSON.parse(body) as unknown;
            } catch {
              return null;
            }
          })();
          if (planted && Array.isArray(list))
            list.push({ id: 'cm-planted', email: `  ${wanted.toUpperCase()} ` });
          reply = {
            status: code,
            body: planted && Array.isArray(list) ? JSON.stringify(list) : body,
            hangUp,
          };
          const result = await findCreatorId(wanted, env);
          if (result.ok) {
            expect(code).toBe(200);
            expect(hangUp).toBe(false);
            const entries = JSON.parse(reply.body) as { id?: unknown; email?: unknown }[];
            const match = entries.find(
              (e) =>
                typeof e?.email === 'string' &&
                e.email.trim().toLowerCase() === wanted.trim().toLowerCase(),
            );
            expect(match).toBeDefined();
            expect(result.value).toBe(String(match!.id));
          } else {
            expect(['not-found', 'unavailable']).toContain(result.reason);
            if (code !== 200 || hangUp) expect(result.reason).toBe('unavailable');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('sends the email as one query value, whatever it holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (wanted) => {
        seen.length = 0;
        reply = { status: 200, body: '[]', hangUp: false };
        await findCreatorId(wanted, env);
        const url = new URL(seen[0] ?? '', 'http://x');
        expect(url.pathname).toBe('/organizations/revolt/users/search');
        expect([...url.searchParams.keys()]).toEqual(['query']);
        expect(url.searchParams.get('query')).toBe(wanted.trim().toLowerCase());
      }),
      { numRuns: 300 },
    );
  });
});

describe('fetchEmbedToken', () => {
  it('answers a typed result for any upstream answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        status,
        fc.oneof(
          anyJson,
          fc.string().map((t) => JSON.stringify({ token: t })),
        ),
        fc.boolean(),
        async (code, body, hangUp) => {
          reply = { status: code, body, hangUp };
          const result = await fetchEmbedToken('cm-1', env);
          if (result.ok) {
            expect(code).toBe(200);
            expect(typeof result.value).toBe('string');
            expect(result.value.length).toBeGreaterThan(0);
            expect(result.value).toBe((JSON.parse(body) as { token: string }).token);
          } else {
            expect(result.reason).toBe(code === 404 && !hangUp ? 'not-found' : 'unavailable');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  const requestedPath = async (channelId: string) => {
    seen.length = 0;
    reply = { status: 200, body: '{"token":"t"}', hangUp: false };
    await fetchEmbedToken(channelId, env);
    return seen[0] ?? '';
  };

  it('keeps any channel id inside its one path segment (no traversal, no query)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(
            fc.string(),
            fc.constantFrom('../admin', 'a/b', 'a?b=c', 'a#b', '%2e%2e', '...', ''),
          )
          .filter((c) => c !== '.' && c !== '..'),
        async (channelId) => {
          const raw = await requestedPath(channelId);
          expect(raw).toMatch(/^\/users\/[^/?#]*\/embed_token$/);
          expect(decodeURIComponent(raw.slice('/users/'.length, -'/embed_token'.length))).toBe(
            channelId,
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  // encodeURIComponent leaves '.' and '..' as they are and the URL parser would resolve them
  // (GET /embed_token with the API key): such an id is refused before any request is made.
  it.each(['.', '..'])(
    'refuses the dot segment %p without calling the creator system',
    async (channelId) => {
      expect(await requestedPath(channelId)).toBe('');
      await expect(fetchEmbedToken(channelId, env)).resolves.toEqual({
        ok: false,
        reason: 'not-found',
      });
    },
  );
});
