// A page's own sign-out (POST /api/auth/sign-out) against an identity service that never answers
// RevokeToken: the person is signed out here within the spec's 3 s ('Signout timeout fail'), and
// a Google session goes on to the pool's /logout. Only another site's page is refused. Only Next's
// request APIs are stood in for; the identity service is a real HTTP server on this machine that
// holds every call open.
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

import http from 'node:http';
import { NextRequest } from 'next/server';
import type { AddressInfo } from 'node:net';
import { withEnv } from '@/test/env';
import { cookieJar as jar, requestHeaders } from '@/test/next-headers';

const held: string[] = [];
const stalled = http.createServer((req) => {
  // Never answered: the call stays open until the test closes the server.
  held.push(String(req.headers['x-amz-target'] ?? req.url));
});
let port = 0;
let route: typeof import('@/app/api/auth/sign-out/route');
let session: typeof import('@/lib/session');

const setEnv = withEnv();

beforeAll(async () => {
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  port = (stalled.address() as AddressInfo).port;
  setEnv({ LOCAL_IDENTITY_PORT: String(port), UPSTREAM_TIMEOUT_MS: '10000' });
  route = await import('@/app/api/auth/sign-out/route');
  session = await import('@/lib/session');
});

afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

/** The page's request: same-origin by Fetch Metadata unless a test says otherwise. */
async function signOutFrom(headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) {
  const response = await route.POST(
    new NextRequest('http://localhost:3000/api/auth/sign-out', {
      method: 'POST',
      headers: { host: 'localhost:3000', ...headers },
    }),
  );
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const writer = { set: (name: string, value: string) => void jar.set(name, value) };

async function signedIn(provider?: 'Google') {
  jar.clear();
  held.length = 0;
  await session.writeTokens(writer, {
    accessToken: 'header.payload.signature',
    accessExpiresAt: Math.floor(Date.now() / 1000) + 3600,
    refreshToken: 'refresh-token',
    claims: {
      sub: '6f1c2a4e-1b2c-4d5e-8f90-1234567890ab',
      email: 'casey@creator.test',
      emailVerified: true,
      phoneNumberVerified: false,
      ...(provider ? { provider } : {}),
    },
  });
  expect([...jar.keys()]).toEqual(expect.arrayContaining(['cd_session', 'cd_refresh']));
}

describe('signing out while the identity service does not answer', () => {
  it('ends the session here after 3 s, having asked for the revocation', async () => {
    await signedIn();
    const started = Date.now();
    const answer = await signOutFrom();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(4500);
    expect(answer).toEqual({ status: 200, body: { next: '/login' } });
    expect(jar.has('cd_session')).toBe(false);
    expect(jar.has('cd_refresh')).toBe(false);
    expect(held).toContain('AWSCognitoIdentityProviderService.RevokeToken');
  });

  it('sends a Google session on to the pool’s /logout, which comes back to /login', async () => {
    await signedIn('Google');
    requestHeaders.set('host', 'localhost:3000');
    const answer = await signOutFrom();
    const next = new URL(String(answer.body.next));
    expect(next.origin).toBe(`http://127.0.0.1:${port}`);
    expect(next.pathname).toBe('/logout');
    expect(next.searchParams.get('client_id')).toBe('localdevclient0000000000001');
    expect(next.searchParams.get('logout_uri')).toBe('http://localhost:3000/login');
    expect(jar.has('cd_session')).toBe(false);
  });

  it('sends a browser whose session already ended to /login, clearing what is left', async () => {
    jar.clear();
    jar.set('cd_refresh', 'left-over');
    held.length = 0;
    expect(await signOutFrom()).toEqual({ status: 200, body: { next: '/login' } });
    expect(jar.has('cd_refresh')).toBe(false);
    expect(held).toEqual([]);
  });

  it('accepts a browser without Fetch Metadata when Origin names this site', async () => {
    jar.clear();
    expect(await signOutFrom({ origin: 'http://localhost:3000' })).toEqual({
      status: 200,
      body: { next: '/login' },
    });
  });

  it.each([
    ['another site', { 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { 'sec-fetch-site': 'same-site' }],
    ['another origin without Fetch Metadata', { origin: 'https://attacker.example' }],
    ['no Origin and no Fetch Metadata', {}],
    ['an Origin that is no URL', { origin: 'null' }],
  ])('refuses %s, and the session stays', async (_, headers) => {
    await signedIn();
    held.length = 0;
    const answer = await signOutFrom(headers);
    expect(answer.status).toBe(403);
    expect(jar.has('cd_session')).toBe(true);
    expect(held).toEqual([]);
  });
});
