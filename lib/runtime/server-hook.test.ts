import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PEER_HEADER_KEY, clientAddressFromHeaders } from '../http/client-address';
import { installServerHook } from './server-hook';
import { checkLimitFor } from '../http/rate-limit';
import { childLog } from '@/test/child-log';
import { PRODUCTION_ENV } from '@/test/production-env';

/**
 * The stamp and the address logic on a real HTTP server of this process, the way the app's server
 * runs them: instrumentation installs the stamp, then each request's address is read from its
 * headers. Requests come from 127.0.0.1 with whatever X-Forwarded-For they like.
 */

type Handler = (headers: Headers) => Promise<{ status: number; body: string }>;

function toHeaders(raw: http.IncomingHttpHeaders): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(raw))
    if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
  return h;
}

async function serve(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void handler(toHeaders(req.headers)).then(({ status, body }) =>
      res.writeHead(status).end(body),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let name: string;
beforeAll(() => {
  name = installServerHook();
});

it('names the header once per process, with a random suffix kept on globalThis', () => {
  expect(name).toMatch(/^x-cd-peer-[0-9a-f]{32}$/);
  expect((globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY]).toBe(name);
  expect(installServerHook()).toBe(name);
});

it('stamps every request with the socket address, overwriting a client-sent value', async () => {
  const server = await serve(async (h) => ({
    status: 200,
    body: JSON.stringify({ peer: h.get(name), address: clientAddressFromHeaders(h, 0) }),
  }));
  try {
    const res = await fetch(server.url, {
      headers: { 'x-forwarded-for': '6.6.6.6', [name]: '7.7.7.7' },
    });
    expect(await res.json()).toEqual({ peer: '127.0.0.1', address: '127.0.0.1' });
  } finally {
    await server.close();
  }
});

describe('a client that changes its forged X-Forwarded-For on every request', () => {
  const allowance = 60; // RULES.signIn.ip
  const attempts = allowance + 10;

  async function limitedCount(hops: number): Promise<number> {
    // A fresh address space per run: the limit buckets are per process.
    const server = await serve(async (h) => {
      const limited = await checkLimitFor('signIn', clientAddressFromHeaders(h, hops));
      return { status: limited ? 429 : 200, body: limited?.text ?? 'ok' };
    });
    try {
      let limited = 0;
      for (let i = 0; i < attempts; i++) {
        const res = await fetch(server.url, {
          headers: { 'x-forwarded-for': `203.0.${hops}.${i}` },
        });
        await res.text();
        if (res.status === 429) limited += 1;
      }
      return limited;
    } finally {
      await server.close();
    }
  }

  it('with no trusted hop, stays in its own bucket and is limited', async () => {
    expect(await limitedCount(0)).toBe(attempts - allowance);
  });

  it('with one trusted hop (the header is then believed), each request is a new client', async () => {
    // The control: the same requests escape the limit when the header is trusted.
    expect(await limitedCount(1)).toBe(0);
  });
});

describe('the access line', () => {
  /** Runs a server with the hook in a separate process (pino writes to fd 1) and reads its log. */
  function accessLines(script: string, env: Record<string, string> = {}) {
    const hook = JSON.stringify(path.join(__dirname, 'server-hook.ts'));
    const code = `
      const http = await import('node:http');
      const m = await import(${hook});
      const { installServerHook } = m.default ?? m;
      installServerHook();
      const server = http.createServer((req, res) => {
        const answer = () => res.writeHead(req.url.startsWith('/api/ready') ? 503 : 200).end('ok');
        if (req.url.startsWith('/profile')) setTimeout(answer, 30); else answer();
      });
      await new Promise((r) => server.listen(0, '127.0.0.1', r));
      const base = 'http://127.0.0.1:' + server.address().port;
      const ids = [];
      const get = async (p, headers = {}, method = 'GET') => {
        const res = await fetch(base + p, { headers, method });
        await res.text();
        ids.push(res.headers.get('x-request-id'));
      };
      ${script}
      server.close();
      console.error(JSON.stringify(ids));
    `;
    const { lines, stderr } = childLog(code, env);
    return { lines, ids: JSON.parse(stderr.trim().split('\n').at(-1)!) as string[] };
  }

  it('one per request: method, route, status, time, address and the id the answer carries; never the query', () => {
    const { lines, ids } = accessLines(`
      await get('/profile?code=SECRET-abc123');
      await get('/api/auth/callback?code=4%2F0Adeu5B&state=xyz');
      await get('/login', { 'next-action': 'abc' }, 'POST');
      await get('/creatorcash/v7');
    `);
    const access = lines.filter((l) => l.event === 'http.access');
    expect(access).toEqual([
      expect.objectContaining({ method: 'GET', route: '/profile', status: 200, ip: '127.0.0.1' }),
      expect.objectContaining({ method: 'GET', route: '/api/auth/callback', status: 200 }),
      expect.objectContaining({ method: 'POST', route: '/login', action: true }),
      expect.objectContaining({ route: '/creatorcash/[variant]' }),
    ]);
    expect(access.map((l) => l.reqId)).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(access[0]!.ms).toBeGreaterThanOrEqual(25);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('4%2F0Adeu5B');
    expect(text).not.toContain('state=');
  });

  it("leaves out a balancer's checks that pass, keeps the one that does not", () => {
    const { lines } = accessLines(`await get('/api/live'); await get('/api/ready');`);
    expect(lines.filter((l) => l.event === 'http.access')).toEqual([
      expect.objectContaining({ route: '/api/ready', status: 503 }),
    ]);
  });

  it('ACCESS_LOG=off writes none', () => {
    const { lines } = accessLines(`await get('/login');`, { ACCESS_LOG: 'off' });
    expect(lines.filter((l) => l.event === 'http.access')).toEqual([]);
  });

  it('warns once when requests come through a proxy no hop is trusted for', () => {
    const { lines } = accessLines(
      `
      await get('/login', { 'x-forwarded-for': '203.0.113.5' });
      await get('/login', { 'x-forwarded-for': '203.0.113.6' });
    `,
      PRODUCTION_ENV,
    );
    const warned = lines.filter((l) => l.event === 'proxy.forwarded_for_ignored');
    expect(warned).toHaveLength(1);
    // Until then each is counted as the proxy's address.
    expect(lines.filter((l) => l.event === 'http.access').map((l) => l.ip)).toEqual([
      '127.0.0.1',
      '127.0.0.1',
    ]);
  });

  it('says nothing of a proxy on a plain local run, where the caller on loopback is no proxy', () => {
    const { lines } = accessLines(`await get('/login', { 'x-forwarded-for': '203.0.113.5' });`);
    expect(lines.filter((l) => l.event === 'proxy.forwarded_for_ignored')).toEqual([]);
  });
});
