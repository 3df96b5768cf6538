import { secretId } from '../lib/runtime/secret-id';
import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { decodeJwt } from 'jose';
import {
  callAction,
  cookieMap,
  formArgs,
  jsonArgs,
  isSignedInAreaAction,
  listActions,
  pagePath,
  signInCookies,
  type ActionAnswer,
} from './action-ids';
import {
  CLIENT_ID,
  IDENTITY,
  POOL_ID,
  cognitoCall,
  createAccount,
  expect,
  readOutbox,
  setTokenTtl,
  test,
} from './fixtures';
import { CHANNEL_ATTRIBUTE } from '../contract/local-stack';
import { e2ePorts } from './ports';

/**
 * Hardening: tampered cookies, server actions and route handlers called without the guard's
 * help, and the middleware-bypass header of CVE-2025-29927. All over plain HTTP against the
 * running stack, signed in through the real sign-in action.
 */

const BASE = `http://localhost:${e2ePorts().web}`;
const LEAK = /\n\s+at \S+ \(|Error: |\/work\/|node_modules|\.tsx?:\d+:\d+/;

let ipCounter = 0;
const ipBase = randomBytes(2);
/** A client address of its own per sign-in, so these tests never drain the shared bucket. */
const nextIp = () => `172.${16 + ((ipBase[0] ?? 0) & 15)}.${ipBase[1] ?? 0}.${++ipCounter & 255}`;

type Account = {
  email: string;
  password: string;
  channelId: string;
  name: string;
  cookies: Record<string, string>;
};

async function signedInAccount(
  name: string,
  before?: (email: string) => Promise<void>,
): Promise<Account> {
  const account = await createAccount({ name });
  if (before) await before(account.email);
  const header = await signInCookies(BASE, account.email, account.password, nextIp());
  const cookies = cookieMap(header);
  expect(cookies.cd_session, 'a session cookie').toMatch(/^Fe26\.2\*/);
  expect(cookies.cd_refresh, 'a refresh cookie').toMatch(/^Fe26\.2\*/);
  return { ...account, name, cookies };
}

const jar = (c: Record<string, string | undefined>) =>
  Object.entries(c)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function get(path: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, BASE), {
    redirect: 'manual',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    text: await res.text(),
    setCookies: res.headers.getSetCookie(),
  };
}

/** A person nobody signed in: / and /profile go to /login, the token route answers 401. */
async function expectSignedOut(
  cookie: string | undefined,
  hidden: string[],
  headers: Record<string, string> = {},
) {
  for (const path of ['/', '/profile', '/api/embed-token']) {
    const res = await get(path, cookie, headers);
    const what = `${path} with ${cookie?.slice(0, 60) ?? 'no cookie'}`;
    expect(res.status, what).toBeLessThan(500);
    expect(res.text, what).not.toMatch(LEAK);
    if (path === '/api/embed-token') {
      expect(res.status, what).toBe(401);
      expect(JSON.parse(res.text), what).toEqual({ error: 'unauthenticated' });
    } else {
      expect(res.status, what).toBe(307);
      expect(new URL(res.location ?? '', BASE).pathname, what).toBe('/login');
    }
    for (const secret of hidden)
      expect(res.text, `${what}: another person's data`).not.toContain(secret);
  }
}

/** Signed in as `who`: the dashboard shows their name and the token is bound to their channel. */
async function expectSignedInAs(cookie: string, who: Account, hidden: string[]) {
  const page = await get('/', cookie);
  expect(page.status).toBe(200);
  expect(page.text).toContain(who.name);
  for (const secret of hidden) expect(page.text).not.toContain(secret);
  const token = await get('/api/embed-token', cookie);
  expect(token.status).toBe(200);
  expect(decodeJwt((JSON.parse(token.text) as { token: string }).token).sub).toBe(who.channelId);
}

/** A session cookie sealed with a secret the app does not have. */
async function forgedSession(claims: { email: string; channelId: string; name: string }) {
  const password = randomBytes(24).toString('hex');
  return sealData(
    {
      v: 1,
      accessToken: 'forged',
      accessExpiresAt: Math.floor(Date.now() / 1000) + 3600,
      confirmedAt: Math.floor(Date.now() / 1000),
      claims: {
        sub: 'forged-sub',
        email: claims.email,
        emailVerified: true,
        phoneNumberVerified: false,
        name: claims.name,
        channelId: claims.channelId,
      },
    },
    { password },
  );
}

/**
 * What the outbox holds for an address, less the notice of the victim's own sign-in on a new
 * browser (sent after the answer, so it may land while the test runs): what an action could send.
 */
async function sentByAction(address: string): Promise<number> {
  const own = new Set(['new-device-sign-in', 'device-remembered']);
  return (await readOutbox(address)).filter((m) => !(m.event && own.has(m.event))).length;
}

test.describe("cookie tampering: treated as signed out, never a 500, never another person's data", () => {
  let a: Account;
  let b: Account;
  test.beforeAll(async () => {
    a = await signedInAccount('Alice Tamperproof');
    b = await signedInAccount('Bertram Swapwise');
  });
  const othersOf = () => [b.name, b.email, b.channelId];

  test('the real cookies work (the control)', async () => {
    await expectSignedInAs(jar(a.cookies), a, othersOf());
    await expectSignedInAs(jar(b.cookies), b, [a.name, a.email, a.channelId]);
  });

  test('no cookies, garbage, empty and oversized (5 KB) cookies', async () => {
    await expectSignedOut(undefined, othersOf());
    await expectSignedOut(jar({ cd_session: 'garbage', cd_refresh: 'garbage' }), othersOf());
    await expectSignedOut(jar({ cd_session: '', cd_refresh: '' }), othersOf());
    await expectSignedOut(
      jar({
        cd_session: 'Fe26.2*'.padEnd(5 * 1024, 'A'),
        cd_refresh: 'Fe26.2*'.padEnd(5 * 1024, 'B'),
      }),
      othersOf(),
    );
  });

  test('truncated cookies', async () => {
    const cut = (s: string | undefined, n: number) =>
      s?.slice(0, Math.max(1, s.lastIndexOf('~') - n));
    for (const n of [1, 10, 200]) {
      await expectSignedOut(jar({ cd_session: cut(a.cookies.cd_session, n) }), othersOf());
      await expectSignedOut(
        jar({ cd_session: cut(a.cookies.cd_session, n), cd_refresh: cut(a.cookies.cd_refresh, n) }),
        othersOf(),
      );
    }
  });

  test('a session sealed with another secret, claiming another person', async () => {
    const forged = await forgedSession(b);
    await expectSignedOut(jar({ cd_session: forged }), othersOf());
    const forgedRefresh = await sealData(
      { v: 1, refreshToken: 'forged', sub: 'forged-sub' },
      { password: randomBytes(24).toString('hex') },
    );
    await expectSignedOut(jar({ cd_session: forged, cd_refresh: forgedRefresh }), othersOf());
  });

  test('cookies swapped between the slots', async () => {
    await expectSignedOut(
      jar({ cd_session: a.cookies.cd_refresh, cd_refresh: a.cookies.cd_session }),
      othersOf(),
    );
    await expectSignedOut(jar({ cd_session: b.cookies.cd_refresh }), othersOf());
  });

  test('a tampered pending-email cookie on /verify-email', async () => {
    for (const pending of [
      'garbage',
      'Fe26.2*'.padEnd(5000, 'A'),
      a.cookies.cd_session ?? '',
      await forgedSession(b),
    ]) {
      const res = await get('/verify-email', jar({ cd_pending: pending }));
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(LEAK);
      for (const secret of [...othersOf(), a.email]) expect(res.text).not.toContain(secret);
    }
  });

  // A valid cookie of another person in the refresh slot reads as signed out.
  test("A's session with B's refresh cookie", async () => {
    await expectSignedOut(
      jar({ cd_session: a.cookies.cd_session, cd_refresh: b.cookies.cd_refresh }),
      othersOf(),
    );
  });
});

test.describe("an expired access token beside another person's refresh cookie", () => {
  // Refreshing with B's refresh cookie would turn A's browser into B's session.
  test("is signed out, and never shows the other person's data", async () => {
    const shortLived = await signedInAccount('Cecily Shortlived', (email) =>
      setTokenTtl(email, { accessTokenTtl: 30 }),
    );
    const other = await signedInAccount('Dorian Otherperson');
    const cookie = jar({
      cd_session: shortLived.cookies.cd_session,
      cd_refresh: other.cookies.cd_refresh,
    });
    await expectSignedOut(cookie, [other.name, other.email, other.channelId]);
  });

  test('its own refresh cookie renews the session (the control)', async () => {
    const shortLived = await signedInAccount('Emmeline Renewed', (email) =>
      setTokenTtl(email, { accessTokenTtl: 30 }),
    );
    const res = await get('/api/embed-token', jar(shortLived.cookies));
    expect(res.status).toBe(200);
    expect(decodeJwt((JSON.parse(res.text) as { token: string }).token).sub).toBe(
      shortLived.channelId,
    );
    expect(res.setCookies.some((c) => c.startsWith('cd_session=Fe26.2*'))).toBe(true);
  });
});

// ---- authorization without the guard -----------------------------------------------------------

const DASHBOARD_ACTIONS = listActions().filter(isSignedInAreaAction);

/** Arguments that would change something if the call were honoured. */
const MALICIOUS_FORM = formArgs([
  ['name', 'Mallory Was Here'],
  ['email', 'mallory@creator.test'],
  ['phoneNo', '+1 (555) 010-9999'],
  ['currentPassword', 'Whatever!1'],
  ['newPassword', 'Mallory!Pass1'],
  ['confirmNewPassword', 'Mallory!Pass1'],
  ...[...'123456'].map((d): [string, string] => ['code', d]),
]);

/** Refused: the guard's refusal of a forwarded call, a typed "not signed in", or off to /login. */
function expectRefused(a: ActionAnswer, what: string) {
  expect(a.status, what).toBeLessThan(500);
  expect(a.body, what).not.toMatch(LEAK);
  if (a.redirect !== null) {
    expect(a.redirect, what).toBe('/login');
    return;
  }
  if (a.status === 307) return;
  if (a.body === '{}') return;
  expect(a.value, what).toEqual(
    expect.objectContaining({ status: 'error', unauthenticated: true }),
  );
}

test.describe('server actions of the signed-in area, called without a session', () => {
  test('the build has them', () => {
    expect(DASHBOARD_ACTIONS.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'logoutAction',
        'sendEmailCodeAction',
        'verifyEmailAttributeAction',
        'updateNameAction',
        'requestEmailChangeAction',
      ]),
    );
  });

  test('are refused on a public page and on their own page, and change nothing', async () => {
    test.setTimeout(120_000);
    const victim = await signedInAccount('Valentina Victim');
    const outboxBefore = await sentByAction(victim.email);
    const cookieCases: [string, string | undefined][] = [
      ['no cookie', undefined],
      ['garbage', jar({ cd_session: 'garbage', cd_refresh: 'garbage' })],
      ['forged with another secret', jar({ cd_session: await forgedSession(victim) })],
      ['truncated', jar({ cd_session: victim.cookies.cd_session?.slice(0, 300) })],
    ];
    // An action's 32 calls at once: the answers are what is checked, not their order.
    for (const action of DASHBOARD_ACTIONS) {
      const calls = cookieCases.flatMap(([label, cookie]) =>
        ['/login', '/register', '/creatorcash/v1', pagePath(action.pages[0] ?? 'app/page')].flatMap(
          (path) =>
            [MALICIOUS_FORM, jsonArgs(['mallory@creator.test'])].map(async (body) => {
              const what = `${action.name} at ${path} with ${label} (${typeof body === 'string' ? 'json' : 'form'})`;
              const answer = await callAction(BASE, action.id, body, {
                path,
                cookie,
                headers: { 'x-forwarded-for': nextIp() },
              });
              return [answer, what] as const;
            }),
        ),
      );
      for (const [answer, what] of await Promise.all(calls)) expectRefused(answer, what);
    }
    // Nothing happened to the account the forged cookie named.
    expect(await sentByAction(victim.email)).toBe(outboxBefore);
    expect(await readOutbox('mallory@creator.test')).toEqual([]);
    const user = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(
      'AdminGetUser',
      { UserPoolId: POOL_ID, Username: victim.email },
    );
    const attrs = Object.fromEntries(user.UserAttributes.map((x) => [x.Name, x.Value]));
    expect(attrs.name).toBe(victim.name);
    expect(attrs.email).toBe(victim.email);
    expect(attrs.phone_number).toBeUndefined();
    // And the victim's own session still works.
    await expectSignedInAs(jar(victim.cookies), victim, ['Mallory']);
  });

  test('a session signed out elsewhere: its cookie replayed is refused and sends no code', async () => {
    const victim = await signedInAccount('Wilhelmina Replayed');
    const copy = jar(victim.cookies);
    // Sign out through the app (this session ends on the server), keeping a copy of the cookies it clears.
    const logout = DASHBOARD_ACTIONS.find((a) => a.name === 'logoutAction')!;
    const out = await callAction(BASE, logout.id, jsonArgs([]), { path: '/', cookie: copy });
    expect(out.redirect).toBe('/login');
    const before = await sentByAction(victim.email);
    // Account pages ask Cognito every time: the replayed cookie is signed out there.
    const profile = await get('/profile', copy);
    expect(profile.status).toBe(307);
    expect(new URL(profile.location ?? '', BASE).pathname).toBe('/login');
    // An action posted where the guard may still trust the cookie runs into Cognito's refusal.
    for (const name of [
      'sendEmailCodeAction',
      'resendPhoneCodeAction',
      'verifyEmailAttributeAction',
      'updateNameAction',
    ]) {
      const action = DASHBOARD_ACTIONS.find((a) => a.name === name);
      if (!action) continue;
      for (const path of ['/', pagePath(action.pages[0] ?? 'app/page')]) {
        const answer = await callAction(
          BASE,
          action.id,
          name.startsWith('send') || name.startsWith('resend') ? jsonArgs([]) : MALICIOUS_FORM,
          {
            path,
            cookie: copy,
          },
        );
        const what = `${name} at ${path}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(answer.body, what).not.toMatch(LEAK);
        if (answer.redirect === null && answer.status === 200 && answer.body !== '{}') {
          expect(answer.value, what).toEqual(expect.objectContaining({ status: 'error' }));
        }
      }
    }
    expect(await sentByAction(victim.email)).toBe(before);
    const user = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(
      'AdminGetUser',
      { UserPoolId: POOL_ID, Username: victim.email },
    );
    expect(user.UserAttributes.find((x) => x.Name === 'name')?.Value).toBe(victim.name);
  });
});

test.describe('route handlers called directly', () => {
  test('/api/embed-token refuses no, bad and forged sessions with 401', async () => {
    const other = await signedInAccount('Xanthe Tokenholder');
    for (const cookie of [
      undefined,
      'cd_session=x',
      jar({ cd_session: await forgedSession(other) }),
      jar({ cd_refresh: 'Fe26.2*x' }),
    ]) {
      const res = await get('/api/embed-token', cookie);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toEqual({ error: 'unauthenticated' });
      expect(res.text).not.toContain(other.channelId);
    }
    // Whatever the request says, the token is the session's own.
    const own = await get(
      `/api/embed-token?channelId=cm-demo-0001&sub=cm-demo-0001`,
      jar(other.cookies),
      { 'x-channel-id': 'cm-demo-0001' },
    );
    expect(decodeJwt((JSON.parse(own.text) as { token: string }).token).sub).toBe(other.channelId);
  });

  test('after a sign-out everywhere, a copied session cookie mints no embed token', async () => {
    const account = await signedInAccount('Odile Copied');
    expect((await get('/api/embed-token', jar(account.cookies))).status).toBe(200);
    // Signed out everywhere from another device (GlobalSignOut revokes every token of the user).
    const elsewhere = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
      'InitiateAuth',
      {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      },
    );
    await cognitoCall('GlobalSignOut', { AccessToken: elsewhere.AuthenticationResult.AccessToken });
    const res = await get('/api/embed-token', jar(account.cookies));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ error: 'unauthenticated' });
    // And the copy's cookies are cleared.
    expect(res.setCookies.some((c) => /^cd_session=;/.test(c))).toBe(true);
  });

  test('two people at once each get a token for their own channel', async () => {
    const people = await Promise.all(
      ['Yara Concurrent', 'Zeno Concurrent'].map((n) => signedInAccount(n)),
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => people[i % 2]!).map(async (p) => {
        const res = await get('/api/embed-token', jar(p.cookies));
        return { p, sub: decodeJwt((JSON.parse(res.text) as { token: string }).token).sub };
      }),
    );
    for (const { p, sub } of answers) expect(sub).toBe(p.channelId);
  });
});

test.describe("whose analytics a session sees is not the creator's to choose", () => {
  const tokenChannel = async (cookies: Record<string, string>) => {
    const res = await get('/api/embed-token', jar(cookies));
    expect(res.status).toBe(200);
    return decodeJwt((JSON.parse(res.text) as { token: string }).token).sub;
  };

  test("a creator cannot write another creator's channel id with their own access token", async () => {
    const [victim, attacker] = await Promise.all([
      signedInAccount('Vera Victim'),
      signedInAccount('Arno Attacker'),
    ]);
    // Signed in straight against the identity API, as the review did.
    const auth = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
      'InitiateAuth',
      {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: attacker.email, PASSWORD: attacker.password },
      },
    );
    await expect(
      cognitoCall('UpdateUserAttributes', {
        AccessToken: auth.AuthenticationResult.AccessToken,
        UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: victim.channelId }],
      }),
    ).rejects.toThrow('NotAuthorizedException A client attempted to write unauthorized attribute');
    // Nor at sign-up.
    await expect(
      cognitoCall('SignUp', {
        ClientId: CLIENT_ID,
        Username: `x-${attacker.email}`,
        Password: attacker.password,
        UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: victim.channelId }],
      }),
    ).rejects.toThrow('NotAuthorizedException');
    // The open session, confirmed again (as /profile does), still sees only its own channel.
    expect((await get('/profile', jar(attacker.cookies))).status).toBe(200);
    expect(await tokenChannel(attacker.cookies)).toBe(attacker.channelId);
    expect(await tokenChannel(victim.cookies)).toBe(victim.channelId);
  });

  test("a channel id that differs from the creator system's record is corrected at sign-in", async () => {
    const victim = await signedInAccount('Wren Victim');
    // As if a misconfigured pool had let the attacker write it before.
    const attacker = await signedInAccount('Ada Attacker', (email) =>
      cognitoCall('AdminUpdateUserAttributes', {
        UserPoolId: POOL_ID,
        Username: email,
        UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: victim.channelId }],
      }).then(() => undefined),
    );
    expect(await tokenChannel(attacker.cookies)).toBe(attacker.channelId);
    const user = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(
      'AdminGetUser',
      {
        UserPoolId: POOL_ID,
        Username: attacker.email,
      },
    );
    expect(user.UserAttributes.find((a) => a.Name === CHANNEL_ATTRIBUTE)?.Value).toBe(
      attacker.channelId,
    );
  });
});

test.describe('session lifetimes: an idle timeout and an absolute lifetime (ASVS 3.3.2)', () => {
  // The local stack seals with the repository's local-only secret; a test can age a real session.
  const LOCAL = 'local-only-session-secret-not-for-production-use';
  // Each secret seals under an id of its own (lib/runtime/secret-id.ts).
  const LOCAL_SECRET = { [secretId(LOCAL)]: LOCAL };
  const aged = async (cookie: string, change: { seenAt?: number; startedAt?: number }) => {
    const data = await unsealData<Record<string, unknown>>(cookie, { password: LOCAL_SECRET });
    expect(data.accessToken, 'the real cookie unseals').toBeTruthy();
    return sealData({ ...data, ...change }, { password: LOCAL_SECRET });
  };
  const now = () => Math.floor(Date.now() / 1000);

  test('a session idle for 30 minutes is over: guard, actions and route handlers all say so', async () => {
    const account = await signedInAccount('Ida Idle');
    const idle = {
      ...account.cookies,
      cd_session: await aged(account.cookies.cd_session!, { seenAt: now() - 31 * 60 }),
    };
    const page = await get('/', jar(idle));
    expect(page.status).toBe(307);
    expect(page.location).toBe('/login?reason=idle');
    expect(page.setCookies.some((c) => /^cd_session=;/.test(c))).toBe(true);
    expect((await get('/api/embed-token', jar(idle))).status).toBe(401);
    const login = await get('/login?reason=idle');
    expect(login.text).toContain(
      'You were signed out after 30 minutes without activity. Please sign in again.',
    );
    // 29 minutes is not idle: the control.
    const recent = {
      ...account.cookies,
      cd_session: await aged(account.cookies.cd_session!, { seenAt: now() - 29 * 60 }),
    };
    expect((await get('/', jar(recent))).status).toBe(200);
  });

  test("the page's own session check counts nothing; a presence report counts; a signed-out page load is kept for the sign-in", async () => {
    const account = await signedInAccount('Wendy Watch');
    const earlier = now() - 20 * 60;
    const cookies = {
      ...account.cookies,
      cd_session: await aged(account.cookies.cd_session!, { seenAt: earlier }),
    };
    const seenIn = async (setCookies: string[]) => {
      const fresh = setCookies
        .find((c) => c.startsWith('cd_session='))
        ?.split(';')[0]
        ?.slice('cd_session='.length);
      if (!fresh) return undefined;
      return (await unsealData<{ seenAt: number }>(fresh, { password: LOCAL_SECRET })).seenAt;
    };
    // GET: how long is left, and the idle clock untouched.
    const check = await get('/api/auth/session', jar(cookies));
    expect(check.status).toBe(200);
    const left = (JSON.parse(check.text) as { signedIn: boolean; idleLeftS: number }).idleLeftS;
    expect(left).toBeGreaterThan(9 * 60);
    expect(left).toBeLessThanOrEqual(10 * 60);
    expect(await seenIn(check.setCookies)).toBeUndefined();
    // POST from the site's own page: the person is here.
    const report = await fetch(new URL('/api/auth/session', BASE), {
      method: 'POST',
      headers: { cookie: jar(cookies), 'sec-fetch-site': 'same-origin' },
      signal: AbortSignal.timeout(20_000),
    });
    expect(report.status).toBe(200);
    expect(((await report.json()) as { idleLeftS: number }).idleLeftS).toBeGreaterThan(29 * 60);
    expect(await seenIn(report.headers.getSetCookie())).toBeGreaterThan(earlier);
    // Another site cannot keep a session alive.
    const forged = await fetch(new URL('/api/auth/session', BASE), {
      method: 'POST',
      headers: { cookie: jar(cookies), 'sec-fetch-site': 'cross-site' },
      signal: AbortSignal.timeout(20_000),
    });
    expect(forged.status).toBe(403);
    // No session: 401 and nothing else.
    const none = await get('/api/auth/session');
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toEqual({ signedIn: false });
    // A signed-out visit to a page: the page is kept for the sign-in; a prefetch keeps nothing.
    const visit = await get('/profile?review=ways-in', undefined, { 'sec-fetch-dest': 'document' });
    expect(visit.location).toBe('/login');
    expect(visit.setCookies.find((c) => c.startsWith('cd_return='))).toMatch(
      /^cd_return=%2Fprofile%3Freview%3Dways-in;.*HttpOnly/i,
    );
    const prefetch = await get('/profile', undefined, { 'sec-fetch-dest': 'empty', rsc: '1' });
    expect(prefetch.setCookies.some((c) => c.startsWith('cd_return='))).toBe(false);
  });

  test('a session 12 hours after its sign-in is over however active', async () => {
    const account = await signedInAccount('Otto Old');
    const old = {
      ...account.cookies,
      cd_session: await aged(account.cookies.cd_session!, {
        startedAt: now() - 12 * 3600 - 5,
        seenAt: now(),
      }),
    };
    const page = await get('/profile', jar(old));
    expect(page.status).toBe(307);
    expect(page.location).toBe('/login?reason=session-expired');
    expect((await get('/api/embed-token', jar(old))).status).toBe(401);
  });

  test('a request records activity: the cookie comes back with a later seenAt', async () => {
    const account = await signedInAccount('Sid Seen');
    const earlier = now() - 5 * 60;
    const cookies = {
      ...account.cookies,
      cd_session: await aged(account.cookies.cd_session!, { seenAt: earlier }),
    };
    const res = await get('/', jar(cookies));
    expect(res.status).toBe(200);
    const fresh = res.setCookies
      .find((c) => c.startsWith('cd_session='))
      ?.split(';')[0]
      ?.slice('cd_session='.length);
    expect(fresh, 'a rewritten session cookie').toBeTruthy();
    const data = await unsealData<{ seenAt: number; startedAt: number }>(fresh!, {
      password: LOCAL_SECRET,
    });
    expect(data.seenAt).toBeGreaterThan(earlier);
  });
});

test.describe('CVE-2025-29927: the middleware-bypass header changes nothing', () => {
  for (const value of [
    'proxy:proxy:proxy:proxy:proxy',
    'middleware:middleware:middleware:middleware:middleware',
    'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware',
    'proxy',
  ]) {
    test(`x-middleware-subrequest: ${value}`, async () => {
      await expectSignedOut(undefined, [], { 'x-middleware-subrequest': value });
      const logout = DASHBOARD_ACTIONS.find((a) => a.name === 'sendEmailCodeAction')!;
      for (const path of ['/', '/login']) {
        const answer = await callAction(BASE, logout.id, jsonArgs([]), {
          path,
          headers: { 'x-middleware-subrequest': value },
        });
        expectRefused(answer, `sendEmailCodeAction at ${path}`);
      }
      // The guard still runs on public pages too: its security headers are there.
      const login = await get('/login', undefined, { 'x-middleware-subrequest': value });
      expect(login.status).toBe(200);
      const res = await fetch(new URL('/login', BASE), {
        headers: { 'x-middleware-subrequest': value },
      });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-request-id')).toMatch(/^[\w.-]{8,128}$/);
    });
  }
});

test('protected by default: a path nobody listed needs a session and is never cached', async () => {
  for (const path of ['/analytics-beta', '/profile/devices', '/reports/2026']) {
    const res = await get(path);
    expect(res.status, path).toBe(307);
    expect(new URL(res.location ?? '', BASE).pathname, path).toBe('/login');
    const head = await fetch(new URL(path, BASE), { redirect: 'manual' });
    expect(head.headers.get('cache-control'), path).toBe('private, no-store');
  }
  // The public pages stay public and cacheable.
  const cash = await fetch(new URL('/creatorcash/v1', BASE), { redirect: 'manual' });
  expect(cash.status).toBe(200);
  expect(cash.headers.get('cache-control')).not.toContain('private');
});

test('the identity service is not reachable through the app', async () => {
  // The browser never learns the upstream addresses: no page or answer names them.
  const res = await get('/login');
  expect(res.text).not.toContain(IDENTITY);
  expect(res.text).not.toContain(`:${e2ePorts().creator}`);
});
