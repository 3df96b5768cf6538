import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchEmbedToken, findCreator, findCreatorId } from './index';

// A real HTTP server stands in for the creator system: the boundary is the network, not our code.
let server: Server;
let handler: (req: IncomingMessage, res: ServerResponse) => void;
let base: string;
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
});

const env = () => ({ CREATOR_API_URL: base, CREATOR_API_KEY: undefined, UPSTREAM_TIMEOUT_MS: 300 });
const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

describe('findCreatorId', () => {
  it('picks the exact case-insensitive match among substring results', async () => {
    handler = json(200, [
      { id: 'cm-1', email: 'ann.lee@example.com' },
      { id: 'cm-2', email: 'Ann@Example.com' },
    ]);
    await expect(findCreatorId('  ANN@example.COM ', env())).resolves.toEqual({
      ok: true,
      value: 'cm-2',
    });
    expect(seen[0]?.url).toBe('/organizations/revolt/users/search?query=ann%40example.com');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('says not-found when nothing matches exactly', async () => {
    handler = json(200, [{ id: 'cm-1', email: 'ann.lee@example.com' }]);
    await expect(findCreatorId('ann@example.com', env())).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('answers the record’s name where it has one, and ignores a name that is not text', async () => {
    handler = json(200, [{ id: 'cm-1', email: 'a@b.co', name: '  Jordan Rivers ' }]);
    await expect(findCreator('a@b.co', env())).resolves.toEqual({
      ok: true,
      value: { id: 'cm-1', name: 'Jordan Rivers' },
    });
    handler = json(200, [{ id: 'cm-1', email: 'a@b.co', name: { first: 'Jordan' } }]);
    await expect(findCreator('a@b.co', env())).resolves.toEqual({
      ok: true,
      value: { id: 'cm-1' },
    });
  });

  it('accepts numeric ids', async () => {
    handler = json(200, [{ id: 42, email: 'a@b.co' }]);
    await expect(findCreatorId('a@b.co', env())).resolves.toEqual({ ok: true, value: '42' });
  });

  it.each([
    ['a 500', json(500, { error: 'boom' })],
    ['a 404', json(404, {})],
    ['a malformed answer', json(200, { users: [] })],
    // custom:channelmeter_id holds at most 256 bytes (infra/user-pool.yaml): it could not be bound.
    ['an id longer than the pool can bind', json(200, [{ id: 'é'.repeat(129), email: 'a@b.co' }])],
    ['an empty id', json(200, [{ id: '', email: 'a@b.co' }])],
    [
      'a non-JSON answer',
      (_q: IncomingMessage, res: ServerResponse) => res.writeHead(200).end('<html>'),
    ],
    ['silence past the timeout', () => undefined],
  ])('says unavailable on %s', async (_label, h) => {
    handler = h;
    await expect(findCreatorId('a@b.co', env())).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('gives up on a silent system within the lookup budget, long before the upstream timeout', async () => {
    handler = () => undefined;
    const started = performance.now();
    await expect(
      findCreatorId('slow@b.co', {
        ...env(),
        UPSTREAM_TIMEOUT_MS: 5000,
        CREATOR_LOOKUP_BUDGET_MS: 200,
      }),
    ).resolves.toEqual({ ok: false, reason: 'unavailable' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('says unavailable within the timeout when the answer stalls after its headers', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"id":');
    };
    const started = performance.now();
    await expect(
      findCreatorId('stall@b.co', { ...env(), UPSTREAM_TIMEOUT_MS: 400 }),
    ).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('sends the API key when configured', async () => {
    handler = json(200, []);
    await findCreatorId('a@b.co', { ...env(), CREATOR_API_KEY: 'k-123' });
    expect(seen[0]?.headers['x-api-key']).toBe('k-123');
  });

  it('says unavailable when nothing listens', async () => {
    await expect(
      findCreatorId('a@b.co', { ...env(), CREATOR_API_URL: 'http://127.0.0.1:1' }),
    ).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });
});

describe('a creator system that stops answering', () => {
  it('after five calls without an answer, the next is refused at once without calling', async () => {
    handler = () => undefined; // silence
    // A timeout of this test's own: its own guard, whatever the other tests did.
    const silent = { ...env(), UPSTREAM_TIMEOUT_MS: 200 };
    for (let i = 0; i < 5; i++)
      await expect(findCreatorId('a@b.co', silent)).resolves.toMatchObject({ ok: false });
    const calls = seen.length;
    await expect(fetchEmbedToken('cm-1', silent)).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
    // Refused without a call: nothing reached the system, so nothing waited on it.
    expect(seen.length).toBe(calls);
  });
});

describe('fetchEmbedToken', () => {
  it('returns the token for the channel', async () => {
    handler = json(200, { token: 'tok' });
    await expect(fetchEmbedToken('cm-1/x', env())).resolves.toEqual({ ok: true, value: 'tok' });
    expect(seen[0]?.url).toBe('/users/cm-1%2Fx/embed_token');
  });
  it('maps 404 to not-found and the rest to unavailable', async () => {
    handler = json(404, {});
    await expect(fetchEmbedToken('cm-1', env())).resolves.toEqual({
      ok: false,
      reason: 'not-found',
    });
    handler = json(200, { nope: 1 });
    await expect(fetchEmbedToken('cm-1', env())).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
    handler = json(503, {});
    await expect(fetchEmbedToken('cm-1', env())).resolves.toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });
});
