import { randomBytes } from 'node:crypto';
import { DEMO_CREATOR } from '../demo';
import { EMBED_AUDIENCE, EMBED_ISSUER } from './claims';
import {
  decodePayload,
  readSecret,
  runMainToExit,
  signHs256,
  startMain,
  tempDataDir,
  type Running,
} from './testing';

type Json = Record<string, unknown> & { error?: string };

const SLOW_MS = 400;

async function call(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: json as Json & Json[] };
}

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

let tmp: ReturnType<typeof tempDataDir>;
let sys: Running;
let api: (path: string, init?: RequestInit) => ReturnType<typeof call>;
let embed: (path: string, init?: RequestInit) => ReturnType<typeof call>;

async function tokenFor(channelId: string): Promise<string> {
  const res = await api(`/users/${channelId}/embed_token`);
  expect(res.status).toBe(200);
  return String(res.json.token);
}

beforeAll(async () => {
  tmp = tempDataDir();
  sys = await startMain(tmp.dir, { LOCAL_CREATOR_SLOW_MS: String(SLOW_MS) });
  api = (path, init) => call(sys.apiUrl, path, init);
  embed = (path, init) => call(sys.embedUrl, path, init);
});
afterAll(async () => {
  await sys?.stop();
  tmp?.remove();
});

describe('creator API', () => {
  it('answers health and seeds the demo creator', async () => {
    expect((await api('/__local/health')).json).toEqual({ ok: true });
    const res = await api(
      `/organizations/revolt/users/search?query=${encodeURIComponent(DEMO_CREATOR.email)}`,
    );
    expect(res.status).toBe(200);
    // A substring search: the Google demo creator's address contains the demo's.
    expect(res.json).toEqual([
      { id: DEMO_CREATOR.channelId, email: DEMO_CREATOR.email },
      { id: 'cm-demo-0002', email: 'google.demo@creator.test' },
    ]);
  });

  it('creates creators, returning the existing record for a known email', async () => {
    const created = await api('/__local/creators', post({ email: '  Search.Me@Example.COM ' }));
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^cm-[0-9a-f]{12}$/),
      email: 'search.me@example.com',
    });
    const again = await api('/__local/creators', post({ email: 'search.me@example.com' }));
    expect(again.status).toBe(200);
    expect(again.json).toEqual(created.json);
  });

  it('moves a creator to a new email: the old one finds nothing; unknown ids and taken emails are refused', async () => {
    const put = (body: unknown) => ({ ...post(body), method: 'PUT' });
    const { json: creator } = await api('/__local/creators', post({ email: 'old.addr@move.test' }));
    await api('/__local/creators', post({ email: 'someone.else@move.test' }));
    const moved = await api(
      `/users/${String(creator.id)}/email`,
      put({ email: 'New.Addr@Move.test' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ id: creator.id, email: 'new.addr@move.test' });
    expect((await api('/organizations/revolt/users/search?query=old.addr@move.test')).json).toEqual(
      [],
    );
    expect((await api('/organizations/revolt/users/search?query=new.addr@move.test')).json).toEqual(
      [{ id: creator.id, email: 'new.addr@move.test' }],
    );
    expect((await api('/users/cm-nobody/email', put({ email: 'x@move.test' }))).status).toBe(404);
    const taken = await api(
      `/users/${String(creator.id)}/email`,
      put({ email: 'someone.else@move.test' }),
    );
    expect(taken.status).toBe(409);
    expect((await api(`/users/${String(creator.id)}/email`, put({ email: 'nope' }))).status).toBe(
      400,
    );
  });

  it('searches by substring, case-insensitively, with a cap', async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api('/__local/creators', post({ email: `many${i}@cap.test` })),
      ),
    );
    const capped = await api('/organizations/revolt/users/search?query=CAP.TEST');
    expect(capped.json).toHaveLength(25);
    const sub = await api('/organizations/revolt/users/search?query=SEARCH.me');
    expect(sub.json.map((c) => c.email)).toEqual(['search.me@example.com']);
    expect((await api('/organizations/revolt/users/search?query=nobody-here')).json).toEqual([]);
  });

  it('issues a signed, short-lived token bound to the channel', async () => {
    const token = await tokenFor(DEMO_CREATOR.channelId);
    const claims = decodePayload(token);
    expect(claims).toMatchObject({
      sub: DEMO_CREATOR.channelId,
      iss: EMBED_ISSUER,
      aud: EMBED_AUDIENCE,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(300);
    expect(claims.jti).toEqual(expect.any(String));
    const unknown = await api('/users/cm-nobody/embed_token');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual(expect.any(String));
  });

  it('serves the legal pages', async () => {
    for (const [path, title] of [
      ['/legal/terms', 'Terms of Service'],
      ['/legal/privacy', 'Privacy Policy'],
    ] as const) {
      const res = await api(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.text).toContain(`<h1>${title}</h1>`);
      expect(res.text).toContain('Local stand-in');
    }
  });

  const huge = JSON.stringify({ email: `${'a'.repeat(70 * 1024)}@x.co` });
  it.each([
    ['malformed JSON', '/__local/creators', post('{"email":'), 400],
    ['empty body', '/__local/creators', post(''), 400],
    ['wrong type', '/__local/creators', post({ email: 42 }), 400],
    ['not an email', '/__local/creators', post({ email: 'nope' }), 400],
    ['array body', '/__local/creators', post([]), 400],
    ['body over 64 KB', '/__local/creators', post(huge), 413],
    ['unknown fault route', '/__local/faults', post({ route: 'login', mode: 'error' }), 400],
    ['unknown fault mode', '/__local/faults', post({ route: 'search', mode: 'explode' }), 400],
    ['missing query', '/organizations/revolt/users/search', {}, 400],
    ['blank query', '/organizations/revolt/users/search?query=%20', {}, 400],
    ['bad channel id', '/users/%E0%A4%A/embed_token', {}, 400],
    ['unknown route', '/nothing/here', {}, 404],
    ['wrong method', '/__local/creators', { method: 'DELETE' }, 405],
    ['wrong method on search', '/organizations/revolt/users/search?query=a', post({}), 405],
  ] as const)(
    '%s -> %i JSON, and the server keeps answering',
    async (_name, path, init, status) => {
      const res = await api(path, init as RequestInit);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.json.error).toEqual(expect.any(String));
      expect((await api('/__local/health')).status).toBe(200);
    },
  );

  it('names the allowed methods on 405', async () => {
    expect((await api('/__local/faults', { method: 'PUT' })).headers.get('allow')).toBe(
      'GET, POST',
    );
  });
});

describe('faults', () => {
  afterEach(async () => {
    await api('/__local/faults', post({ route: 'search', mode: 'off' }));
    await api('/__local/faults', post({ route: 'embed_token', mode: 'off' }));
  });

  const routes = {
    search: `/organizations/revolt/users/search?query=${encodeURIComponent(DEMO_CREATOR.email)}`,
    embed_token: `/users/${DEMO_CREATOR.channelId}/embed_token`,
  } as const;

  it.each(Object.entries(routes))('%s: error answers 500, off heals', async (route, path) => {
    const set = await api('/__local/faults', post({ route, mode: 'error' }));
    expect(set.json).toEqual({ route, mode: 'error' });
    expect((await api('/__local/faults')).json).toContainEqual({ route, mode: 'error' });
    const failing = await api(path);
    expect(failing.status).toBe(500);
    expect(failing.json.error).toEqual(expect.any(String));
    await api('/__local/faults', post({ route, mode: 'off' }));
    expect((await api(path)).status).toBe(200);
  });

  it.each(Object.entries(routes))('%s: slow answers after the delay', async (route, path) => {
    await api('/__local/faults', post({ route, mode: 'slow' }));
    const started = Date.now();
    const slow = api(path);
    // Other routes stay fast meanwhile.
    expect((await api('/__local/health')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);
    expect((await slow).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 20);
  });

  it('lists every route, off by default', async () => {
    expect((await api('/__local/faults')).json).toEqual([
      { route: 'search', mode: 'off' },
      { route: 'embed_token', mode: 'off' },
    ]);
  });
});

describe('analytics embed', () => {
  const page = (path: string, token: string) =>
    embed(`${path}?embed_token=${encodeURIComponent(token)}&embed=true`);

  it("paints in the host page's theme when it names one, the system's otherwise", async () => {
    const token = encodeURIComponent(await tokenFor(DEMO_CREATOR.channelId));
    const at = async (query: string) =>
      (await embed(`/dash/creator?embed_token=${token}&embed=true${query}`)).text;
    expect(await at('&theme=dark')).toMatch(/<html lang="en" data-theme="dark">/);
    expect(await at('&theme=light')).toMatch(/<html lang="en" data-theme="light">/);
    // Anything else is ignored: the page follows prefers-color-scheme.
    expect(await at('&theme=%22%3E%3Cscript%3E')).toMatch(/<html lang="en">/);
    expect(await at('')).toContain('@media (prefers-color-scheme:dark)');
  });

  it('renders the dashboard for a fresh token, framable by the app', async () => {
    const res = await page(
      '/dash/analytics/youtube/channels',
      await tokenFor(DEMO_CREATOR.channelId),
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>YouTube · Channels — Analytics</title>');
    expect(res.text).toContain(DEMO_CREATOR.email);
    expect(res.headers.get('content-security-policy')).toContain(
      'frame-ancestors http://localhost:* http://127.0.0.1:*',
    );
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    const home = await page('/dash/creator', await tokenFor(DEMO_CREATOR.channelId));
    expect(home.text).toContain('<h1>Dashboard</h1>');
  });

  it('renders for creators added later', async () => {
    const { json } = await api('/__local/creators', post({ email: 'later@example.com' }));
    const res = await page('/dash/creator/payments/advances', await tokenFor(String(json.id)));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Payments · Early Payments</h1>');
    expect(res.text).toContain('later@example.com');
  });

  it('rejects forged, tampered, expired and missing tokens with a 401 page', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: DEMO_CREATOR.channelId,
      iss: EMBED_ISSUER,
      aud: EMBED_AUDIENCE,
      iat: now,
      exp: now + 300,
      jti: 'x',
    };
    const good = await tokenFor(DEMO_CREATOR.channelId);
    const [head, , sig] = good.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...decodePayload(good), sub: 'cm-someone-else' })).toString('base64url')}.${sig}`;
    const bad = {
      forged: signHs256(claims, randomBytes(32)),
      tampered,
      expired: signHs256({ ...claims, iat: now - 600, exp: now - 300 }, readSecret(sys.dataDir)),
      'wrong audience': signHs256({ ...claims, aud: 'someone-else' }, readSecret(sys.dataDir)),
      'not a JWT': 'not-a-token',
    };
    for (const [kind, token] of Object.entries(bad)) {
      const res = await page('/dash/creator', token);
      expect({ kind, status: res.status }).toEqual({ kind, status: 401 });
      expect(res.text).toContain('This dashboard link has expired or is invalid');
    }
    const missing = await embed('/dash/creator?embed=true');
    expect(missing.status).toBe(401);
    // The real secret with real claims is accepted: the rejections above are about the token.
    expect((await page('/dash/creator', signHs256(claims, readSecret(sys.dataDir)))).status).toBe(
      200,
    );
  });

  it('answers 404 HTML off /dash', async () => {
    for (const path of ['/', '/dashboard', '/favicon.ico']) {
      const res = await embed(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
    expect((await embed('/dash/creator', { method: 'POST' })).status).toBe(405);
  });
});

describe('main.ts', () => {
  it('exits non-zero naming a port that is taken', async () => {
    const port = new URL(sys.apiUrl).port;
    const { code, output } = await runMainToExit({
      LOCAL_DATA_DIR: tmp.dir,
      LOCAL_CREATOR_PORT: port,
    });
    expect(code).not.toBe(0);
    expect(output).toContain(`Port ${port} (creator API) is already in use`);
  });

  it('refuses a malformed port setting', async () => {
    const { code, output } = await runMainToExit({
      LOCAL_DATA_DIR: tmp.dir,
      LOCAL_EMBED_PORT: 'abc',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('LOCAL_EMBED_PORT');
  });
});

describe('with an API key and a two-second token lifetime', () => {
  let keyed: Running;
  let dir: ReturnType<typeof tempDataDir>;
  beforeAll(async () => {
    dir = tempDataDir();
    keyed = await startMain(dir.dir, {
      CREATOR_API_KEY: 'sekret-key',
      // exp = floor(now) + ttl: one second could end before the first request; two cannot.
      CREATOR_EMBED_TOKEN_TTL: '2',
    });
  });
  afterAll(async () => {
    await keyed?.stop();
    dir?.remove();
  });

  it('requires x-api-key on the creator API but not on /__local or /legal', async () => {
    const search = `/organizations/revolt/users/search?query=demo`;
    expect((await call(keyed.apiUrl, search)).status).toBe(401);
    expect((await call(keyed.apiUrl, search, { headers: { 'x-api-key': 'wrong' } })).status).toBe(
      401,
    );
    expect(
      (await call(keyed.apiUrl, search, { headers: { 'x-api-key': 'sekret-key' } })).status,
    ).toBe(200);
    expect((await call(keyed.apiUrl, `/users/${DEMO_CREATOR.channelId}/embed_token`)).status).toBe(
      401,
    );
    expect((await call(keyed.apiUrl, '/__local/health')).status).toBe(200);
    expect(
      (await call(keyed.apiUrl, '/__local/creators', post({ email: 'k@example.com' }))).status,
    ).toBe(201);
    expect((await call(keyed.apiUrl, '/legal/terms')).status).toBe(200);
  });

  it('lets a token expire', async () => {
    const res = await call(keyed.apiUrl, `/users/${DEMO_CREATOR.channelId}/embed_token`, {
      headers: { 'x-api-key': 'sekret-key' },
    });
    const token = String(res.json.token);
    const url = `/dash/analytics/home?embed_token=${token}&embed=true`;
    expect((await call(keyed.embedUrl, url)).status).toBe(200);
    const exp = Number(decodePayload(token).exp);
    await new Promise((r) => setTimeout(r, Math.max(0, exp * 1000 - Date.now()) + 50));
    expect((await call(keyed.embedUrl, url)).status).toBe(401);
  });
});

describe('restart', () => {
  it('keeps creators and the signing secret, and stops cleanly on SIGTERM', async () => {
    const { json: creator } = await api(
      '/__local/creators',
      post({ email: 'survivor@example.com' }),
    );
    const token = await tokenFor(String(creator.id));
    expect(await sys.stop()).toBe(0);
    sys = await startMain(tmp.dir, { LOCAL_CREATOR_SLOW_MS: String(SLOW_MS) });
    const found = await call(sys.apiUrl, '/organizations/revolt/users/search?query=survivor');
    expect(found.json).toEqual([creator]);
    expect(
      (await call(sys.apiUrl, '/organizations/revolt/users/search?query=demo@creator')).json,
    ).toHaveLength(2);
    expect((await call(sys.embedUrl, `/dash/creator?embed_token=${token}`)).status).toBe(200);
    // Faults are in memory only.
    expect((await call(sys.apiUrl, '/__local/faults')).json).toEqual([
      { route: 'search', mode: 'off' },
      { route: 'embed_token', mode: 'off' },
    ]);
  });
});
