// Sign-out against an identity service that never answers GlobalSignOut: the person is signed
// out here within the spec's 3 s ('Signout timeout fail'), and a Google session goes on to the
// pool's /logout. Only Next's request APIs are stood in for; the identity service is a real HTTP
// server on this machine that holds every call open.
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withEnv } from '@/test/env';
import { cookieJar as jar, requestHeaders } from '@/test/next-headers';

const held: string[] = [];
const stalled = http.createServer((req) => {
  // Never answered: the call stays open until the test closes the server.
  held.push(String(req.headers['x-amz-target'] ?? req.url));
});
let port = 0;
let actions: typeof import('@/components/dashboard/actions');
let session: typeof import('@/lib/session');

const setEnv = withEnv();

beforeAll(async () => {
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  port = (stalled.address() as AddressInfo).port;
  setEnv({ LOCAL_IDENTITY_PORT: String(port), UPSTREAM_TIMEOUT_MS: '10000' });
  actions = await import('@/components/dashboard/actions');
  session = await import('@/lib/session');
});

afterAll(async () => {
  stalled.closeAllConnections();
  await new Promise((resolve) => stalled.close(resolve));
});

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
    const answer = await actions.signOutAction();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(2900);
    expect(took).toBeLessThan(4500);
    expect(answer).toEqual({ status: 'success', data: { next: '/login' } });
    expect(jar.has('cd_session')).toBe(false);
    expect(jar.has('cd_refresh')).toBe(false);
    expect(held).toContain('AWSCognitoIdentityProviderService.GlobalSignOut');
  });

  it('sends a Google session on to the pool’s /logout, which comes back to /login', async () => {
    await signedIn('Google');
    requestHeaders.set('host', 'localhost:3000');
    const answer = await actions.signOutAction();
    const next = new URL(answer.data?.next ?? '');
    expect(next.origin).toBe(`http://127.0.0.1:${port}`);
    expect(next.pathname).toBe('/logout');
    expect(next.searchParams.get('client_id')).toBe('localdevclient0000000000001');
    expect(next.searchParams.get('logout_uri')).toBe('http://localhost:3000/login');
    expect(jar.has('cd_session')).toBe(false);
  });

  it('answers a browser without a session as signed out, sending nowhere new', async () => {
    jar.clear();
    expect(await actions.signOutAction()).toEqual({ status: 'error', unauthenticated: true });
  });
});
