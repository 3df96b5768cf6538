import { NextRequest, NextResponse } from 'next/server';
import { getEnv } from '@/lib/runtime/env';
import {
  endSession,
  nowSeconds,
  parseSignedOutAt,
  verifySession,
  writeTokens,
} from '@/lib/session';
import { authenticateRequest } from '@/lib/session/refresh';
import { cookieNames, sealAs } from '@/lib/session/seal';
import { cookieJar } from '@/test/next-headers';

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

// A request still under way when the browser signs out may answer after the sign-out and write the
// session cookie back. The sign-out leaves a mark; a session that started at or before it is over.

const env = getEnv();
const names = cookieNames(env);
const claims = {
  sub: '6f1c2a4e-1b2c-4d5e-8f90-1234567890ab',
  email: 'creator@creator.test',
  emailVerified: true,
  phoneNumberVerified: false,
  channelId: 'cm-0123456789abcdef0123',
};

/** A live session cookie for a session that started `startedAt`, confirmed just now. */
async function sessionCookie(startedAt: number) {
  const now = nowSeconds();
  return sealAs(
    'session',
    {
      v: 1,
      accessToken: 'access-token',
      accessExpiresAt: now + 3600,
      confirmedAt: now,
      startedAt,
      seenAt: now,
      claims,
    },
    env,
  );
}

function guardRequest(cookies: Record<string, string>) {
  const request = new NextRequest('http://localhost:3000/');
  for (const [name, value] of Object.entries(cookies)) request.cookies.set(name, value);
  return request;
}

beforeEach(() => cookieJar.clear());

describe('the sign-out mark', () => {
  it('is left by ending a session, for as long as a session can last', async () => {
    const before = nowSeconds();
    await endSession();
    const mark = parseSignedOutAt(cookieJar.get(names.signedOut));
    expect(mark).toBeGreaterThanOrEqual(before);
    expect(mark).toBeLessThanOrEqual(nowSeconds());
    expect(cookieJar.has(names.session)).toBe(false);
  });

  it('goes with a new sign-in, and stays through a refresh of an older session', async () => {
    const tokens = {
      accessToken: 'a',
      accessExpiresAt: nowSeconds() + 3600,
      refreshToken: 'r',
      claims,
    };
    cookieJar.set(names.signedOut, String(nowSeconds()));
    await writeTokens(
      { set: (name, value) => void (value ? cookieJar.set(name, value) : cookieJar.delete(name)) },
      tokens,
      { startedAt: nowSeconds() - 60, seenAt: nowSeconds() - 60 },
    );
    expect(cookieJar.has(names.signedOut)).toBe(true);
    await writeTokens(
      { set: (name, value) => void (value ? cookieJar.set(name, value) : cookieJar.delete(name)) },
      tokens,
    );
    expect(cookieJar.has(names.signedOut)).toBe(false);
    // The new session stands, though it may have started in the second of the sign-out.
    expect(await verifySession()).not.toBeNull();
  });

  it.each(['', 'soon', '-1', '1e9', '12345678901234'])(
    'ignores a mark it did not write: %j',
    (v) => {
      expect(parseSignedOutAt(v)).toBeUndefined();
    },
  );
});

describe('a session cookie written back after the sign-out', () => {
  it('is refused by actions and route handlers (verifySession)', async () => {
    const now = nowSeconds();
    cookieJar.set(names.session, await sessionCookie(now - 120));
    expect(await verifySession()).not.toBeNull();
    cookieJar.set(names.signedOut, String(now - 60));
    expect(await verifySession()).toBeNull();
    // Started in the very second of the sign-out: still the session signed out of.
    cookieJar.set(names.signedOut, String(now - 120));
    expect(await verifySession()).toBeNull();
  });

  it('is refused and cleared by the guard', async () => {
    const now = nowSeconds();
    const cookie = await sessionCookie(now - 120);
    const signedOut = guardRequest({
      [names.session]: cookie,
      [names.signedOut]: String(now - 60),
    });
    const auth = await authenticateRequest(signedOut);
    expect(auth.signedIn).toBe(false);
    const response = NextResponse.next();
    auth.apply(response);
    expect(response.cookies.get(names.session)?.value).toBe('');
    expect(response.cookies.get(names.session)?.maxAge).toBe(0);
    // The page rendered in the same request does not see it either.
    expect(signedOut.cookies.has(names.session)).toBe(false);
  });

  it('does not touch a session started after the mark', async () => {
    const now = nowSeconds();
    const cookie = await sessionCookie(now - 30);
    const auth = await authenticateRequest(
      guardRequest({ [names.session]: cookie, [names.signedOut]: String(now - 60) }),
    );
    expect(auth.signedIn).toBe(true);
    cookieJar.set(names.session, cookie);
    cookieJar.set(names.signedOut, String(now - 60));
    expect(await verifySession()).not.toBeNull();
  });
});
