import path from 'node:path';
import { childLog } from '@/test/child-log';

describe('a request error Next caught', () => {
  const run = (call: string) =>
    childLog(`
      const c = await import(${JSON.stringify(path.join(__dirname, '..', 'http', 'client-address.ts'))});
      const { PEER_HEADER_KEY } = c.default ?? c;
      globalThis[PEER_HEADER_KEY] = 'x-cd-peer-0123';
      const m = await import(${JSON.stringify(path.join(__dirname, 'request-error.ts'))});
      const { logRequestError } = m.default ?? m;
      ${call}
    `).lines;

  it('is one JSON line with the id the server hook gave the request, the route, and no query', () => {
    const lines = run(`
      const error = Object.assign(new TypeError('Cannot read properties of undefined'), { digest: '1234567' });
      logRequestError(error,
        { path: '/profile?code=123456', method: 'GET', headers: { 'x-cd-rid-0123': 'rid-from-the-hook' } },
        { routerKind: 'App Router', routePath: '/(dashboard)/profile', routeType: 'render',
          renderSource: 'react-server-components', revalidateReason: undefined });
    `);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        event: 'request.error',
        reqId: 'rid-from-the-hook',
        method: 'GET',
        path: '/profile',
        routePath: '/(dashboard)/profile',
        routeType: 'render',
        digest: '1234567',
        error: 'TypeError',
        message: 'Cannot read properties of undefined',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('123456"');
  });

  it('leaves out redirect() and notFound(), which are answers', () => {
    const lines = run(`
      const ctx = { routerKind: 'App Router', routePath: '/', routeType: 'action', revalidateReason: undefined };
      const req = { path: '/', method: 'POST', headers: {} };
      logRequestError(Object.assign(new Error('NEXT_REDIRECT'), { digest: 'NEXT_REDIRECT;replace;/;307;' }), req, ctx);
      logRequestError(Object.assign(new Error('x'), { digest: 'NEXT_HTTP_ERROR_FALLBACK;404' }), req, ctx);
    `);
    expect(lines).toEqual([]);
  });
});
