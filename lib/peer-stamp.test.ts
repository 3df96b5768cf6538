import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PEER_HEADER_KEY, clientAddressFromHeaders } from './client-address';
import { installPeerStamp } from './peer-stamp';
import { checkLimitFor } from './rate-limit';

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
  name = installPeerStamp();
});

it('names the header once per process, with a random suffix kept on globalThis', () => {
  expect(name).toMatch(/^x-cd-peer-[0-9a-f]{32}$/);
  expect((globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY]).toBe(name);
  expect(installPeerStamp()).toBe(name);
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
