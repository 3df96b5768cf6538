import { actionModules, loadActionModules } from '@/test/actions';
import { withEnv } from '@/test/env';
import { upstreamRecorder } from '@/test/upstream-recorder';

/**
 * The server actions' shared answers, called directly: an action that needs a session and finds
 * none refuses the same way whether it takes a form or not (docs/product.md §8.6), a session the
 * identity service has ended reads the same, and the authenticator-code form speaks of the app
 * (docs/product.md §5.4). The identity service is a recording server answering that the access
 * token is revoked; only Next's request APIs are stood in for.
 */

const jar = new Map<string, string>();
const headersRead = { count: 0 };
jest.mock('next/headers', () => ({
  headers: async () => {
    headersRead.count++;
    return new Headers({ 'x-forwarded-for': '203.0.113.8' });
  },
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
    delete: (name: string) => void jar.delete(name),
  }),
}));
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));
// Counts the request contexts actions open (lib/actions/index.ts inRequest), the logger otherwise as it is.
const requestContexts = { count: 0 };
jest.mock('@/lib/runtime/log', () => {
  const actual = jest.requireActual('@/lib/runtime/log');
  return {
    ...actual,
    withRequestId: (...args: Parameters<typeof actual.withRequestId>) => {
      requestContexts.count++;
      return actual.withRequestId(...args);
    },
  };
});

const upstream = upstreamRecorder();
const upstreamCalls = upstream.calls;
const setEnv = withEnv();

// Typed by the modules this file calls by name; loaded as every action module there is.
type Actions = typeof import('@/lib/auth/sign-in') &
  typeof import('@/lib/auth/sign-up') &
  typeof import('@/lib/profile/account') &
  typeof import('@/lib/profile/email') &
  typeof import('@/lib/profile/phone') &
  typeof import('@/lib/profile/verify-email');
let actions: Actions;
let log: typeof import('@/lib/runtime/log').log;
let validSession: string;

beforeAll(async () => {
  const port = String(await upstream.listen());
  setEnv({
    LOCAL_IDENTITY_PORT: port,
    LOCAL_CREATOR_PORT: port,
    UPSTREAM_TIMEOUT_MS: '1000',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  actions = Object.fromEntries(
    (await loadActionModules()).flatMap(([, exported]) => exported),
  ) as unknown as Actions;
  ({ log } = await import('@/lib/runtime/log'));
  const { getEnv } = await import('@/lib/runtime/env');
  const { sealAs } = await import('@/lib/session/seal');
  const now = Math.floor(Date.now() / 1000);
  validSession = await sealAs(
    'session',
    {
      v: 1,
      accessToken: 'at',
      accessExpiresAt: now + 3600,
      startedAt: now,
      seenAt: now,
      claims: {
        sub: 's-1',
        email: 'creator@creator.test',
        emailVerified: false,
        phoneNumber: '+15551234567',
        phoneNumberVerified: false,
        channelId: 'ch-1',
      },
    },
    getEnv(),
  );
});
afterAll(() => upstream.close());
beforeEach(() => {
  jar.clear();
  upstreamCalls.length = 0;
  headersRead.count = 0;
});

const REFUSED = {
  status: 'error',
  message: { text: 'User is not authenticated' },
  unauthenticated: true,
};

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe('an action that needs a session, called without one', () => {
  const calls: [string, (a: Actions) => Promise<unknown>][] = [
    ['sendEmailCodeAction', (a) => a.sendEmailCodeAction()],
    ['resendEmailChangeCodeAction', (a) => a.resendEmailChangeCodeAction('new@creator.test')],
    ['resendPhoneCodeAction', (a) => a.resendPhoneCodeAction()],
    ['signOutEverywhereAction', (a) => a.signOutEverywhereAction()],
    ['cancelEmailChangeAction', (a) => a.cancelEmailChangeAction()],
    ['resendSignUpCodeAction (no pending sign-up)', (a) => a.resendSignUpCodeAction()],
    [
      'updateNameAction (a form)',
      (a) => a.updateNameAction({ status: 'idle' }, form([['name', 'Dana Scully']])),
    ],
  ];

  it.each(calls)('%s refuses as every action does, logged in its request', async (_n, call) => {
    // Observed, not replaced: the logger itself writes nothing under test.
    const warn = jest.spyOn(log, 'warn');
    expect(await call(actions)).toEqual(REFUSED);
    expect(warn.mock.calls.map(([event]) => event)).toEqual(['action.unauthenticated']);
    // The request's context (its id and client address, lib/actions/index.ts inRequest) was read.
    expect(headersRead.count).toBeGreaterThan(0);
    expect(upstreamCalls).toEqual([]);
  });
});

describe('a session the identity service has ended (docs/product.md §8.4)', () => {
  it.each<[string, (a: Actions) => Promise<unknown>]>([
    ['sendEmailCodeAction', (a) => a.sendEmailCodeAction()],
    [
      'updateNameAction',
      (a) => a.updateNameAction({ status: 'idle' }, form([['name', 'Dana Scully']])),
    ],
    ['resendPhoneCodeAction', (a) => a.resendPhoneCodeAction()],
  ])('%s answers "User is not authenticated" and sends the page to /login', async (_n, call) => {
    jar.set('cd_session', validSession);
    expect(await call(actions)).toEqual(expect.objectContaining(REFUSED));
    expect(upstreamCalls.length).toBeGreaterThan(0);
  });
});

describe('the two-step sign-in code (docs/product.md §5.4)', () => {
  it('asks for the code from the authenticator app when none is entered', async () => {
    expect(await actions.twoStepSignInAction({ status: 'idle' }, form([]))).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text: 'Enter the 6-digit code from your authenticator app.' }] },
      values: {},
    });
  });
});

describe('every action runs in its request (lib/actions/index.ts inRequest)', () => {
  // Whatever a client sends, each exported action takes its request's id and client address
  // before anything else it does, so every line it logs names the request. A new action that
  // skips the wrappers fails here.
  it('finds the action modules', () => expect(actionModules().length).toBeGreaterThanOrEqual(12));
  it.each(actionModules())('%s', async (name) => {
    const exported = Object.entries((await import(name)) as Record<string, unknown>).filter(
      (entry): entry is [string, (...args: unknown[]) => Promise<unknown>] =>
        typeof entry[1] === 'function',
    );
    expect(exported.length).toBeGreaterThan(0);
    const bypassing: string[] = [];
    for (const [action, call] of exported) {
      requestContexts.count = 0;
      // A crafted call: the arguments of a form action, which no plain action expects either.
      await call({ status: 'idle' }, new FormData()).catch(() => undefined);
      if (requestContexts.count === 0) bypassing.push(action);
    }
    expect(bypassing).toEqual([]);
  });
});
