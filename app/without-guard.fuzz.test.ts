import fc from 'fast-check';
import { sealData } from 'iron-session';
import { isSignedInAreaModule, loadActionModules, type Action } from '@/test/actions';
import { withEnv } from '@/test/env';
import { cookieJar as jar, setClientAddress } from '@/test/next-headers';
import { upstreamRecorder } from '@/test/upstream-recorder';

/**
 * Authorization without the guard: every server action of the signed-in area and the embed-token
 * route handler, called directly (no proxy.ts in front), with no session or a bad one. Each must
 * refuse, and none may reach an upstream: the identity service and the creator system are one
 * recording server here, so any call at all is seen. Only Next's request APIs are stood in for.
 */

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
setClientAddress('203.0.113.7');
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

const upstream = upstreamRecorder();
const upstreamCalls = upstream.calls;
const setEnv = withEnv();

let actions: [string, Action][] = [];
let GET: () => Promise<Response>;
let sealed: { valid: string; expired: string; refresh: string; foreign: string };

beforeAll(async () => {
  const port = String(await upstream.listen());
  setEnv({
    // Every upstream of the local mode points at the recorder (read once, on first use).
    LOCAL_IDENTITY_PORT: port,
    LOCAL_CREATOR_PORT: port,
    LOCAL_EMBED_PORT: port,
    UPSTREAM_TIMEOUT_MS: '1000',
    // Node 20 on purpose (docs/architecture.md §7): the SDK's upgrade notice is noise here, as in scripts/start.mjs.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  actions = (await loadActionModules())
    .filter(([name]) => isSignedInAreaModule(name))
    .flatMap(([, exported]) => exported);
  ({ GET } = await import('@/app/api/embed-token/route'));

  const { getEnv } = await import('@/lib/runtime/env');
  const { sealAs } = await import('@/lib/session/seal');
  const env = getEnv();
  const claims = {
    sub: 's-1',
    email: 'victim@creator.test',
    emailVerified: false,
    phoneNumberVerified: false,
    channelId: 'cm-victim',
  };
  const now = Math.floor(Date.now() / 1000);
  sealed = {
    valid: await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: now + 3600,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    ),
    expired: await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: now - 1,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    ),
    refresh: await sealAs(
      'refresh',
      { v: 1, refreshToken: 'rt', sub: 's-1', startedAt: Math.floor(Date.now() / 1000) },
      env,
    ),
    foreign: await sealData(
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: now + 3600,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      { password: 'f'.repeat(40) },
    ),
  };
});
afterAll(() => upstream.close());
beforeEach(() => {
  jar.clear();
  upstreamCalls.length = 0;
});

/** Bad sessions: none, garbage, truncated, another secret, expired, the refresh cookie misplaced. */
const badSession = () =>
  fc.oneof(
    fc.constant(undefined),
    fc.string(),
    fc.constant('Fe26.2**'),
    fc
      .integer({ min: 1, max: sealed.valid.lastIndexOf('~') - 1 })
      .map((n) => sealed.valid.slice(0, n)),
    fc.constant(sealed.foreign),
    fc.constant(sealed.expired),
    fc.constant(sealed.refresh),
    fc.integer({ min: 5000, max: 9000 }).map((n) => 'Fe26.2*'.padEnd(n, 'A')),
  );

function form(entries: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}
/** What an attacker might pass: forms that would change something, and anything else. */
const args = fc.oneof(
  fc.constant<unknown[]>([
    { status: 'idle' },
    form([
      ['name', 'Mallory Was Here'],
      ['email', 'mallory@creator.test'],
      ['phoneNo', '+15550109999'],
      ...[...'123456'].map((d): [string, string] => ['code', d]),
    ]),
  ]),
  fc.constant<unknown[]>(['mallory@creator.test']),
  fc.array(fc.anything(), { maxLength: 3 }),
);

/** The refusals an action may answer: a typed "not signed in", or off to /login. */
async function expectRefused(name: string, call: () => Promise<unknown>) {
  let answer: unknown;
  try {
    answer = await call();
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    expect(`${name}: ${String(digest)}`).toMatch(/: NEXT_REDIRECT;\w+;\/login;/);
    return;
  }
  expect(answer).toEqual(expect.objectContaining({ status: 'error', unauthenticated: true }));
}

describe('the signed-in area without the guard', () => {
  it('has the actions this test expects', () => {
    expect(actions.map(([n]) => n)).toEqual(
      expect.arrayContaining([
        'logoutAction',
        'sendEmailCodeAction',
        'verifyEmailAttributeAction',
        'updateNameAction',
        'verifyPhoneAction',
      ]),
    );
  });

  it('refuses every action with no or a bad session, and calls no upstream', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...actions),
        badSession(),
        fc.option(fc.oneof(fc.string(), fc.constant(sealed.refresh))),
        args,
        async ([name, action], session, refresh, a) => {
          jar.clear();
          upstreamCalls.length = 0;
          if (session !== undefined) jar.set('cd_session', session);
          if (refresh !== null) jar.set('cd_refresh', refresh);
          await expectRefused(name, () => action(...a));
          expect(upstreamCalls).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('GET /api/embed-token answers 401 with no or a bad session, and asks the creator system nothing', async () => {
    await fc.assert(
      fc.asyncProperty(badSession(), async (session) => {
        jar.clear();
        upstreamCalls.length = 0;
        if (session !== undefined) jar.set('cd_session', session);
        const res = await GET();
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: 'unauthenticated' });
        expect(upstreamCalls).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('with a valid session the same calls do reach the upstream (the control)', async () => {
    jar.set('cd_session', sealed.valid);
    const send = actions.find(([n]) => n === 'sendEmailCodeAction')![1];
    expect(await send()).toEqual(expect.objectContaining({ status: 'error' }));
    expect(upstreamCalls.some((c) => c.includes('GetUserAttributeVerificationCode'))).toBe(true);
    upstreamCalls.length = 0;
    // The route confirms the session with the identity service first; the recorder answers that
    // the token is revoked, so the session ends there and no embed token is asked for.
    const res = await GET();
    expect(res.status).toBe(401);
    expect(upstreamCalls.some((c) => c.includes('AWSCognitoIdentityProviderService.GetUser'))).toBe(
      true,
    );
    expect(upstreamCalls.some((c) => c.includes('/embed_token'))).toBe(false);
  });
});
