import path from 'node:path';
import { PEER_HEADER_KEY } from '../http/client-address';
import { REQUEST_ID_HEADER, arrivalContextOf, requestContextOf } from './log';
import { childLog } from '@/test/child-log';

function linesOf(script: string): Record<string, unknown>[] {
  const log = JSON.stringify(path.join(__dirname, 'log.ts'));
  return childLog(
    `const m = await import(${log}); const { log, withRequestId } = m.default ?? m;\n${script}`,
  ).lines;
}

describe('the request log context', () => {
  it('puts the request id and the client address on every line of the request, after awaits too', () => {
    const lines = linesOf(`
      await withRequestId('req-00000001', async () => {
        log.warn('rate_limit.hit', { action: 'signIn' });
        await new Promise((r) => setTimeout(r, 5));
        log.info('auth.sign_in_failed', { reason: 'NotAuthorizedException' });
      }, { ip: '203.0.113.7' });
      log.info('outside');
    `);
    expect(lines.map(({ event, reqId, ip }) => ({ event, reqId, ip }))).toEqual([
      { event: 'rate_limit.hit', reqId: 'req-00000001', ip: '203.0.113.7' },
      { event: 'auth.sign_in_failed', reqId: 'req-00000001', ip: '203.0.113.7' },
      { event: 'outside', reqId: undefined, ip: undefined },
    ]);
  });

  it('keeps requests apart when they interleave', () => {
    const lines = linesOf(`
      const req = (id, ip, ms) => withRequestId(id, async () => {
        await new Promise((r) => setTimeout(r, ms));
        log.warn('action.malformed');
      }, { ip });
      await Promise.all([req('req-aaaaaaaa', '198.51.100.1', 20), req('req-bbbbbbbb', '198.51.100.2', 1)]);
    `);
    expect(lines.map(({ reqId, ip }) => ({ reqId, ip }))).toEqual([
      { reqId: 'req-bbbbbbbb', ip: '198.51.100.2' },
      { reqId: 'req-aaaaaaaa', ip: '198.51.100.1' },
    ]);
  });

  it("a Redis link opened inside a request reports its state changes with no request's id", () => {
    const redis = JSON.stringify(path.join(__dirname, '..', 'upstream', 'redis.ts'));
    // Nothing listens on port 9 (discard): the link goes down as soon as it tries.
    const lines = linesOf(`
      process.env.REDIS_URL = 'redis://127.0.0.1:9';
      const r = await import(${redis});
      const { sharedRedis, closeSharedRedis } = r.default ?? r;
      await withRequestId('req-opener1', async () => {
        sharedRedis();
        log.info('opened');
      }, { ip: '203.0.113.8' });
      await new Promise((res) => setTimeout(res, 300));
      closeSharedRedis();
    `);
    const down = lines.find((l) => l.event === 'redis.down');
    expect(lines.find((l) => l.event === 'opened')).toHaveProperty('reqId', 'req-opener1');
    expect(down).toBeDefined();
    expect(down).not.toHaveProperty('reqId');
    expect(down).not.toHaveProperty('ip');
  });

  it('writes no address when there is none (a request id alone, as before)', () => {
    const [line] = linesOf(`withRequestId('req-00000002', () => log.info('session.ended'));`);
    expect(line).toEqual(
      expect.objectContaining({ event: 'session.ended', reqId: 'req-00000002' }),
    );
    expect(line).not.toHaveProperty('ip');
  });
});

describe('requestContextOf', () => {
  const g = globalThis as Record<symbol, unknown>;
  beforeEach(() => {
    g[PEER_HEADER_KEY] = 'x-cd-peer-logtest';
  });
  afterEach(() => {
    delete g[PEER_HEADER_KEY];
  });

  it('takes the guard request id and the client address with the trusted hops', () => {
    const h = new Headers({
      [REQUEST_ID_HEADER]: 'req-12345678',
      'x-forwarded-for': '6.6.6.6, 203.0.113.9',
      'x-cd-peer-logtest': '10.0.0.2',
    });
    expect(requestContextOf(h, 0)).toEqual({ reqId: 'req-12345678', ip: '10.0.0.2' });
    expect(requestContextOf(h, 1)).toEqual({ reqId: 'req-12345678', ip: '203.0.113.9' });
  });

  it("the guard's id is always its own; a client's X-Request-Id is kept beside it, never as ours", () => {
    const h = new Headers({ [REQUEST_ID_HEADER]: 'req-12345678', 'x-cd-peer-logtest': '10.0.0.2' });
    const ctx = arrivalContextOf(h, 0);
    expect(ctx.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.clientReqId).toBe('req-12345678');
    expect(
      arrivalContextOf(new Headers({ [REQUEST_ID_HEADER]: 'bad id\n' }), 0),
    ).not.toHaveProperty('clientReqId');
  });

  it('makes up a request id when the header does not look like one', () => {
    const ctx = requestContextOf(
      new Headers({ [REQUEST_ID_HEADER]: 'bad id\n', 'x-cd-peer-logtest': '10.0.0.2' }),
      0,
    );
    expect(ctx.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.ip).toBe('10.0.0.2');
  });
});
