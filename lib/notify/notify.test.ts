import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server stands in for the webhook and for the local identity service: the boundary
// is the network. Each test loads the module afresh with its own environment (read once per load).

type Seen = {
  method?: string;
  url?: string;
  type?: string;
  body: unknown;
  raw?: string;
  headers?: IncomingMessage['headers'];
};
let server: Server;
let base: string;
let port: number;
let seen: Seen[];
let respond: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        type: req.headers['content-type'],
        body: raw ? JSON.parse(raw) : undefined,
      });
      Object.defineProperties(seen[seen.length - 1]!, {
        raw: { value: raw, enumerable: false },
        headers: { value: req.headers, enumerable: false },
      });
      respond(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const KEYS = [
  'NOTIFY_WEBHOOK_URL',
  'NOTIFY_WEBHOOK_SECRET',
  'LOCAL_IDENTITY_PORT',
  'UPSTREAM_TIMEOUT_MS',
  'COGNITO_USER_POOL_ID',
  'COGNITO_CLIENT_ID',
  'SESSION_SECRET',
  'CREATOR_API_URL',
  'ANALYTICS_EMBED_URL',
  'SUPPORT_EMAIL',
  'TERMS_URL',
  'PRIVACY_URL',
];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
beforeEach(() => {
  seen = [];
  respond = (_req, res) => void res.writeHead(204).end();
  for (const k of KEYS) delete process.env[k];
  jest.resetModules();
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

async function load(env: Record<string, string>) {
  Object.assign(process.env, env);
  const notify = await import('./');
  const { log } = await import('../runtime/log');
  return { ...notify, warn: jest.spyOn(log, 'warn') };
}

const PRODUCTION = {
  COGNITO_USER_POOL_ID: 'us-east-1_Prod00001',
  COGNITO_CLIENT_ID: 'client',
  SESSION_SECRET: 'x'.repeat(40),
  CREATOR_API_URL: 'https://creators.example.com',
  ANALYTICS_EMBED_URL: 'https://analytics.example.com',
  SUPPORT_EMAIL: 'help@example.com',
  TERMS_URL: 'https://example.com/terms',
  PRIVACY_URL: 'https://example.com/privacy',
};
const SECRET = `whsec_${Buffer.from('k'.repeat(32)).toString('base64')}`;
const hook = (url: string) => ({ NOTIFY_WEBHOOK_URL: url, NOTIFY_WEBHOOK_SECRET: SECRET });

test('with NOTIFY_WEBHOOK_URL the notice is POSTed there as JSON, the new address masked', async () => {
  const { notifyEmailChanged } = await load({
    ...PRODUCTION,
    ...hook(`${base}/hooks/notices/`),
  });
  await notifyEmailChanged(
    'old@creator.test',
    'dana.scully@fbi.test',
    new Date('2026-11-23T10:00:00Z'),
  );
  expect(seen).toEqual([
    {
      method: 'POST',
      url: '/hooks/notices/',
      type: 'application/json',
      body: {
        type: 'email-changed',
        to: 'old@creator.test',
        newEmailMasked: 'd•••@fbi.test',
        at: '2026-11-23T10:00:00.000Z',
      },
    },
  ]);
});

test('a webhook that fails is logged, and the change goes on', async () => {
  const { notifyEmailChanged, warn } = await load({ ...PRODUCTION, ...hook(base) });
  respond = (_req, res) => void res.writeHead(500).end('no');
  await expect(notifyEmailChanged('old@creator.test', 'new@creator.test')).resolves.toBeUndefined();
  expect(warn).toHaveBeenLastCalledWith('notify.failed', { type: 'email-changed', status: 500 });
});

test('a webhook that does not answer in time is logged, and the change goes on', async () => {
  // A short timeout, only where the webhook never answers (a busy machine may take longer than it
  // to answer at all).
  const { notifyEmailChanged, warn } = await load({
    ...PRODUCTION,
    ...hook(base),
    UPSTREAM_TIMEOUT_MS: '200',
  });
  respond = () => undefined; // never answers
  const started = Date.now();
  await expect(notifyEmailChanged('old@creator.test', 'new@creator.test')).resolves.toBeUndefined();
  expect(Date.now() - started).toBeLessThan(5000);
  expect(warn).toHaveBeenLastCalledWith('notify.failed', {
    type: 'email-changed',
    reason: 'TimeoutError',
  });
});

test('on the local stack without a webhook the notice goes to the local outbox', async () => {
  const { notifyEmailChanged, warn } = await load({ LOCAL_IDENTITY_PORT: String(port) });
  await notifyEmailChanged('old@creator.test', 'new@creator.test');
  expect(seen).toEqual([
    {
      method: 'POST',
      url: '/__local/notices',
      type: 'application/json',
      body: { to: 'old@creator.test', purpose: 'email-changed' },
    },
  ]);
  expect(warn).not.toHaveBeenCalled();
});

test('in production without a webhook nothing is sent, and the log says so once per process', async () => {
  const { notifyEmailChanged, warn } = await load(PRODUCTION);
  await notifyEmailChanged('a@creator.test', 'b@creator.test');
  await notifyEmailChanged('c@creator.test', 'd@creator.test');
  expect(seen).toEqual([]);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn).toHaveBeenCalledWith('notify.not_configured', {
    type: 'email-changed',
    detail: expect.stringContaining('NOTIFY_WEBHOOK_URL'),
  });
});

test('NOTIFY_WEBHOOK_URL must be an http(s) URL', async () => {
  const { parseEnv } = await import('../runtime/env');
  expect(
    parseEnv({ ...PRODUCTION, ...hook('https://hooks.example.com/x') }).NOTIFY_WEBHOOK_URL,
  ).toBe('https://hooks.example.com/x');
  expect(parseEnv(PRODUCTION).NOTIFY_WEBHOOK_URL).toBeUndefined();
  for (const bad of ['ftp://hooks.example.com', 'hooks.example.com', 'javascript:alert(1)']) {
    expect(() => parseEnv({ ...PRODUCTION, ...hook(bad) })).toThrow(/NOTIFY_WEBHOOK_URL/);
  }
});

test.each([
  ['dana.scully@fbi.test', 'd•••@fbi.test'],
  ['a@b.co', 'a•••@b.co'],
  ['odd', '•••'],
])('maskEmail(%p) is %p', async (email, masked) => {
  const { maskEmail } = await import('./');
  expect(maskEmail(email)).toBe(masked);
});

test('each notice is signed as Standard Webhooks says, with its own id and the time', async () => {
  const { createHmac } = await import('node:crypto');
  const { notifyEmailChanged } = await load({ ...PRODUCTION, ...hook(base) });
  await notifyEmailChanged('old@creator.test', 'new@creator.test');
  await notifyEmailChanged('old@creator.test', 'new@creator.test');
  expect(seen).toHaveLength(2);
  for (const each of seen) {
    const id = String(each.headers!['webhook-id']);
    const timestamp = String(each.headers!['webhook-timestamp']);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${id}.${timestamp}.${each.raw}`)
      .digest('base64');
    expect(each.headers!['webhook-signature']).toBe(`v1,${expected}`);
  }
  expect(seen[0]!.headers!['webhook-id']).not.toBe(seen[1]!.headers!['webhook-id']);
});

test('a webhook that redirects is not followed: the notice goes nowhere else, and it is logged', async () => {
  const { notifyEmailChanged, warn } = await load({ ...PRODUCTION, ...hook(`${base}/first`) });
  respond = (req, res) =>
    void (req.url === '/first'
      ? res.writeHead(307, { location: `${base}/elsewhere` }).end()
      : res.writeHead(204).end());
  await notifyEmailChanged('old@creator.test', 'new@creator.test');
  expect(seen.map((s) => s.url)).toEqual(['/first']);
  expect(warn).toHaveBeenLastCalledWith('notify.failed', { type: 'email-changed', status: 307 });
});

test('NOTIFY_WEBHOOK_URL without its secret, or with a weak one, does not start', async () => {
  const { parseEnv } = await import('../runtime/env');
  expect(() =>
    parseEnv({ ...PRODUCTION, NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/x' }),
  ).toThrow(/NOTIFY_WEBHOOK_SECRET/);
  for (const weak of ['secret', 'whsec_c2hvcnQ=', `x${SECRET}`])
    expect(() =>
      parseEnv({
        ...PRODUCTION,
        NOTIFY_WEBHOOK_URL: 'https://h.example/x',
        NOTIFY_WEBHOOK_SECRET: weak,
      }),
    ).toThrow(/NOTIFY_WEBHOOK_SECRET/);
});
