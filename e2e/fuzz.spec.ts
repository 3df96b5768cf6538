import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import {
  callAction,
  formArgs,
  jsonArgs,
  isSignedInAreaAction,
  listActions,
  listRouteHandlers,
  pagePath,
  signInCookies,
  type ActionAnswer,
  type ActionRef,
  type FormFields,
} from './action-ids';
import { WEB_APP_LOG, createAccount, expect, test } from './fixtures';
import { e2ePorts } from './ports';
import { FULL_RUN } from './run';
import { MAX_BODY_BYTES } from '../lib/http/security/body-limit';
import { routeAccess } from '../lib/session/access';

/**
 * Property-based fuzzing over HTTP of every server action and route handler of the build under
 * test. The volume for actions (1,000 forms each) is in jest (lib/actions/actions.fuzz.test.ts), where the
 * same parsing code runs in microseconds; here each action gets ACTION_RUNS generated calls end to
 * end, and each route handler ROUTE_RUNS. Every answer must be below 500, free of stack traces and
 * paths, and typed.
 *
 * The volume is the run's (scripts/test-all.sh): the gate's is enough to meet every generator's
 * kinds of input (forms, plain values, prototype keys, control characters, huge values) on every
 * action and route (each of the three kinds of arguments, at least once in 99.7% of actions);
 * `npm run test:full` sends five to six times as many (152 and 1,000). The same
 * generators and the same oracles in both.
 */

const BASE = `http://localhost:${e2ePorts().web}`;
const ACTION_RUNS = FULL_RUN ? 152 : 32;
const ROUTE_RUNS = FULL_RUN ? 1000 : 160;
/** Requests in flight at once: modest, the machine is shared with the rest of the suite. */
const BATCH = 4;

test.setTimeout(240_000);

// ---- generators -------------------------------------------------------------------------------

const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'then',
];
const FIELDS = [
  'email',
  'password',
  'verifyPassword',
  'code',
  'verificationCode',
  'newPassword',
  'confirmNewPassword',
  'currentPassword',
  'name',
  'phoneNo',
];

const control = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { maxLength: 20 })
  .map((cs) => String.fromCharCode(...cs));
const huge = fc
  .tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 1000, max: 12_000 }))
  .map(([s, n]) => s.repeat(n));
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  control,
  huge,
  fc.emailAddress(),
  fc.stringMatching(/^\d{0,8}$/),
  fc.constantFrom(
    'Sunny!Day42',
    '+1 (555) 123-4567',
    'Dana Scully',
    '$K1',
    '$@0',
    '\u202e',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
  ),
);
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  fc.constantFrom(...PROTO_KEYS, '$ACTION_ID_0', ''),
  fc.string({ maxLength: 10 }),
);
const entries: fc.Arbitrary<FormFields> = fc.array(fc.tuple(name, value), { maxLength: 10 });
const prevState = fc.oneof(
  { weight: 3, arbitrary: fc.constant<unknown>({ status: 'idle' }) },
  fc.jsonValue(),
);

/** Arguments as a form (the usual call) or as plain values of any type and shape. */
type Args = { form: FormFields; prev: unknown } | { json: unknown[] };
const args: fc.Arbitrary<Args> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ form: entries, prev: prevState }) },
  fc.record({ json: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }) }),
  fc.record({
    json: fc.constantFrom<unknown[]>(
      [{ __proto__: { polluted: true } }],
      [JSON.parse('{"__proto__":{"polluted":true}}')],
      [{ constructor: { prototype: { polluted: true } } }],
      ['a@b.co', 'extra', 1, null],
      [null],
      [[['email', 'a@b.co']]],
    ),
  }),
);
const body = (a: Args) => ('form' in a ? formArgs(a.form, a.prev) : jsonArgs(a.json));

/** The bytes a body is sent as (a form as multipart, the same encoder fetch uses). */
async function bodyBytes(b: FormData | string): Promise<number> {
  return typeof b === 'string'
    ? Buffer.byteLength(b)
    : (await new Response(b).arrayBuffer()).byteLength;
}

let ipCounter = 0;
/** A new client address per request, so the fuzz never drains the rate-limit bucket others share. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

// ---- what every answer must look like ----------------------------------------------------------

const LEAK =
  /\n\s+at \S+ \(|\bat async\b|(Type|Reference|Syntax|Range)Error|Error: |\/work\/|node_modules|webpack-internal|\.tsx?:\d+:\d+/;

function expectNoLeak(status: number, text: string, what: string) {
  expect(status, `${what}: status`).toBeLessThan(500);
  expect(text, `${what}: internals in the body`).not.toMatch(LEAK);
}

function expectMessage(m: unknown, what: string) {
  expect(m, what).toEqual(expect.objectContaining({ text: expect.any(String) }));
}

/** A typed ActionState, a same-site redirect, or the guard's refusal of a forwarded call. */
function expectTypedAnswer(a: ActionAnswer, action: ActionRef, input: Args) {
  const what = `${action.name}(${JSON.stringify(input).slice(0, 300)})`;
  expectNoLeak(a.status, a.body, what);
  if (a.redirect !== null) {
    // Never off-site: a path on this host.
    expect(a.redirect, what).toMatch(/^\/(?!\/)/);
    return;
  }
  expect(a.decodeError, what).toBeUndefined();
  expect(a.status, what).toBe(200);
  const state = a.value as Record<string, unknown>;
  expect(state, what).toEqual(
    expect.objectContaining({ status: expect.stringMatching(/^(error|success|idle)$/) }),
  );
  if (state.status === 'error') {
    expect(
      state.message !== undefined ||
        state.fieldErrors !== undefined ||
        state.unauthenticated === true,
      what,
    ).toBe(true);
  }
  if (state.message !== undefined) expectMessage(state.message, what);
  for (const list of Object.values((state.fieldErrors ?? {}) as Record<string, unknown[]>)) {
    expect(Array.isArray(list) && list.length > 0, what).toBe(true);
    for (const m of list) expectMessage(m, what);
  }
  // Secrets are never echoed back.
  const values = (state.values ?? {}) as Record<string, unknown>;
  for (const secret of [
    'password',
    'verifyPassword',
    'currentPassword',
    'newPassword',
    'confirmNewPassword',
    'code',
    'verificationCode',
  ]) {
    expect(values[secret], what).toBeUndefined();
  }
}

/** Runs `runs` generated inputs, BATCH at a time; fast-check shrinks a failing batch. */
async function fuzz<T>(arb: fc.Arbitrary<T>, runs: number, check: (input: T) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(fc.array(arb, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
      await Promise.all(batch.map(check));
    }),
    // One seed per commit under `npm test` (scripts/test-all.sh): a run is repeatable.
    {
      numRuns: Math.ceil(runs / BATCH),
      ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}),
    },
  );
}

// ---- server actions ----------------------------------------------------------------------------

const ACTIONS = listActions();
/** Actions of the signed-in area: fuzzed with a session, on the page that uses them. */
const isAuthed = isSignedInAreaAction;
const pageOf = (a: ActionRef) => pagePath(a.pages[0] ?? 'app/login/page');

test('the build has the actions this fuzz expects', () => {
  const names = ACTIONS.map((a) => a.name);
  for (const n of [
    'signInAction',
    'signUpAction',
    'forgotConfirmAction',
    'logoutAction',
    'updateNameAction',
    'verifyPhoneAction',
  ]) {
    expect(names).toContain(n);
  }
});

for (const action of ACTIONS) {
  test(`fuzz ${action.name} (${ACTION_RUNS} calls over HTTP)`, async () => {
    let cookie: string | undefined;
    if (isAuthed(action)) {
      const account = await createAccount();
      cookie = await signInCookies(BASE, account.email, account.password, nextIp());
    }
    // Logout would end the fuzz's own session: it is fuzzed signed out, and once signed in below.
    const session = action.name === 'logoutAction' ? undefined : cookie;
    const path = session ? pageOf(action) : isAuthed(action) ? '/login' : pageOf(action);
    let answered = 0;
    await fuzz(args, ACTION_RUNS, async (input) => {
      const b = body(input);
      const bytes = await bodyBytes(b);
      const a = await callAction(BASE, action.id, b, {
        path,
        cookie: session,
        headers: { 'x-forwarded-for': nextIp() },
      });
      if (bytes > MAX_BODY_BYTES - 1024 && (a.status === 413 || bytes > MAX_BODY_BYTES + 1024)) {
        // Over the guard's limit (lib/http/security/body-limit.ts): refused before it is read.
        expect(a.status, `${action.name}: ${bytes} bytes`).toBe(413);
        expect(JSON.parse(a.body)).toEqual({ error: 'This request is too large.' });
        answered++;
        return;
      }
      if (!session && isAuthed(action) && a.body === '{}') {
        // Posted signed out to a public page, Next forwards the call to the action's own page,
        // where the guard refuses it: the action never ran.
        expectNoLeak(a.status, a.body, action.name);
        return;
      }
      expectTypedAnswer(a, action, input);
      answered++;
    });
    if (!isAuthed(action) || session) expect(answered).toBeGreaterThanOrEqual(ACTION_RUNS);
    if (action.name === 'logoutAction' && cookie) {
      const a = await callAction(BASE, action.id, jsonArgs(['junk', { __proto__: null }]), {
        path: '/',
        cookie,
      });
      expect(a.redirect).toBe('/login');
    }
  });
}

test('malformed action envelopes are refused without internals', async () => {
  const signIn = ACTIONS.find((a) => a.name === 'signInAction')!;
  const bodies: (string | FormData)[] = [
    '',
    '[',
    '{garbage',
    '"$K99"',
    '["$@ff"]',
    '["$Q1"]',
    '["$h"]',
    '[{"a":"$T"}]',
    'null',
    '123',
  ];
  for (const b of bodies) {
    const a = await callAction(BASE, signIn.id, b, { headers: { 'x-forwarded-for': nextIp() } });
    expect(a.body, `body ${JSON.stringify(b)}`).not.toMatch(LEAK);
  }
  // An unknown action id is a clean "not found", not a crash.
  const unknown = await callAction(BASE, 'f'.repeat(42), jsonArgs([]), {
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(unknown.status).toBeLessThan(500);
});

// Bodies that are no React reply at all: the guard refuses them (lib/http/security/action-envelope.ts)
// before Next's decoder would answer 500.
test('malformed action envelopes answer below 500', async () => {
  const signIn = ACTIONS.find((a) => a.name === 'signInAction')!;
  const multipart = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  const bodies: [string, string | FormData][] = [
    ['empty text', ''],
    ['"["', '['],
    ['"{garbage"', '{garbage'],
    ['a reference to a missing part, ["$Q1"]', '["$Q1"]'],
    ['["$h"]', '["$h"]'],
    ['arguments that are not an array: null', 'null'],
    ['123', '123'],
    ['"x"', '"x"'],
    ['multipart without field 0', multipart([['_1_email', 'a@b.co']])],
    ['multipart with 0=garbage', multipart([['0', 'garbage']])],
    ['multipart with 0=null', multipart([['0', 'null']])],
  ];
  for (const [label, b] of bodies) {
    const a = await callAction(BASE, signIn.id, b, { headers: { 'x-forwarded-for': nextIp() } });
    expect.soft(a.status, label).toBeLessThan(500);
  }
});

// A form posted before the scripts ran (React's `$ACTION_` fields) that does not decode, and any
// action call from another site: Next's decoder and its origin check throw on these (a 500 and a
// `request.error` line); the guard answers them first (lib/http/security/action-gate.ts).
test('undecodable forms posted without scripts, and calls from another site, are refused as warnings', async () => {
  const signIn = ACTIONS.find((a) => a.name === 'signInAction')!;
  const logged = readFileSync(WEB_APP_LOG, 'utf8').length;
  const multipart = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return fd;
  };
  const post = async (body: FormData | string, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL('/login', BASE), {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: BASE, 'x-forwarded-for': nextIp(), ...headers },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    return {
      status: res.status,
      reqId: res.headers.get('x-request-id') ?? '',
      text: await res.text(),
    };
  };
  const typed: [string, string][] = [
    ['email', 'a@b.co'],
    ['password', 'Wrong!Pass1'],
  ];
  const descriptor = JSON.stringify({ id: signIn.id, bound: '$@1' });
  // What React renders for useActionState(signInAction, { status: 'idle' }).
  const state: [string, string][] = [
    ['$ACTION_REF_1', ''],
    ['$ACTION_1:0', descriptor],
    ['$ACTION_1:1', '[{"status":"idle"}]'],
    ['$ACTION_KEY', 'k0'],
  ];
  const refused: { label: string; reqId: string; event: string }[] = [];

  const undecodable: [string, [string, string][]][] = [
    ['a reference with no descriptor', [['$ACTION_REF_1', '']]],
    [
      'a descriptor that is not JSON',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${signIn.id}",`],
      ],
    ],
    [
      'no bound arguments',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', descriptor],
      ],
    ],
    ['bound arguments that are not JSON', [...state.slice(0, 2), ['$ACTION_1:1', '[{"status":']]],
    [
      'a bound argument that refers to nothing',
      [...state.slice(0, 2), ['$ACTION_1:1', '["$1:x"]']],
    ],
  ];
  for (const [label, entries] of undecodable) {
    const a = await post(multipart([...entries, ...typed]));
    expect.soft(a.status, label).toBe(400);
    expect.soft(a.text, label).toBe('{"error":"This request could not be understood."}');
    refused.push({ label, reqId: a.reqId, event: 'action.malformed' });
  }

  const elsewhere = 'https://elsewhere.example';
  const foreign: [string, FormData | string, Record<string, string>][] = [
    ['a call with the header', formArgs(typed), { origin: elsewhere, 'next-action': signIn.id }],
    ['a form posted without scripts', multipart([...state, ...typed]), { origin: elsewhere }],
    [
      'a call from an opaque origin',
      jsonArgs([]),
      { origin: 'null', 'next-action': signIn.id, 'content-type': 'text/plain;charset=UTF-8' },
    ],
  ];
  for (const [label, body, headers] of foreign) {
    const a = await post(body, headers);
    expect.soft(a.status, label).toBe(403);
    expect.soft(a.text, label).toBe('{"error":"This request did not come from this site."}');
    refused.push({ label, reqId: a.reqId, event: 'action.cross_origin' });
  }

  // A form that decodes still runs its action: the page comes back.
  const decodes = await post(multipart([...state, ['email', ''], ['password', '']]));
  expect(decodes.status).toBe(200);
  expect(decodes.text).toContain('</html>');

  type Line = {
    event?: string;
    reqId?: string;
    level?: string;
    reason?: unknown;
    message?: unknown;
  };
  // From where this test began (its first piece may be the end of a line, and not JSON).
  const lines = () =>
    readFileSync(WEB_APP_LOG, 'utf8')
      .slice(logged)
      .split('\n')
      .flatMap((l): Line[] => {
        try {
          return l.startsWith('{') ? [JSON.parse(l) as Line] : [];
        } catch {
          return [];
        }
      });
  const ids = new Set([...refused.map((r) => r.reqId), decodes.reqId]);
  // An answer's access line is written last, once it is sent.
  await expect
    .poll(() => lines().filter((l) => l.event === 'http.access' && ids.has(l.reqId ?? '')).length, {
      timeout: 10_000,
    })
    .toBe(ids.size);
  const ours = lines().filter((l) => ids.has(l.reqId ?? ''));
  expect(ours.filter((l) => l.event === 'request.error' || l.level === 'error')).toEqual([]);
  for (const { label, reqId, event } of refused) {
    const warned = ours.filter((l) => l.reqId === reqId && l.level === 'warn');
    expect
      .soft(
        warned.map((l) => [l.event, typeof l.reason]),
        label,
      )
      .toEqual([[event, 'string']]);
  }
  // Next's origin check prints its refusal without a request id.
  expect(lines().filter((l) => String(l.message).includes('Aborting the action'))).toEqual([]);
});

// ---- route handlers ----------------------------------------------------------------------------

const METHODS = [
  'GET',
  'GET',
  'GET',
  'GET',
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
] as const;
const printable = fc.stringMatching(/^[\x20-\x7e]{0,200}$/);
const headerValue = fc.oneof(
  printable,
  fc.constantFrom(
    'proxy:proxy:proxy:proxy:proxy',
    'middleware:middleware:middleware:middleware:middleware',
  ),
);
const cookieValue = fc.oneof(
  printable.map((s) => s.replace(/[;,\s]/g, '')),
  fc.constant('Fe26.2**'),
  fc.base64String({ maxLength: 400 }).map((s) => `Fe26.2*1*${s}*${s}*1*${s}~2`),
  fc.integer({ min: 4000, max: 9000 }).map((n) => 'Fe26.2*'.padEnd(n, 'A')),
);
type RouteInput = {
  method: (typeof METHODS)[number];
  query: [string, string][];
  headers: Record<string, string>;
  cookies: { cd_session?: string; cd_refresh?: string; cd_pending?: string; signedIn: boolean };
  body: string;
};
const routeInput: fc.Arbitrary<RouteInput> = fc.record({
  method: fc.constantFrom(...METHODS),
  // Query values stay under 1.5 KB: past ~16 KB of headers Node answers 431 before any of our
  // code runs (one oversized URL is checked on its own below).
  query: fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...PROTO_KEYS, 'channelId', 'sub', 'token'),
        fc.string({ maxLength: 8 }),
      ),
      value.map((v) => v.slice(0, 1500)),
    ),
    { maxLength: 4 },
  ),
  headers: fc.record(
    {
      'x-middleware-subrequest': headerValue,
      'x-request-id': headerValue,
      accept: headerValue,
      'x-forwarded-host': headerValue,
      'content-type': fc.constantFrom(
        'application/json',
        'text/plain',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
      ),
      // An RSC request now and then (Next redirects those to a cache-keyed URL).
      rsc: fc.constantFrom('1', '', '', '', '', '', '', ''),
    },
    { requiredKeys: [] },
  ),
  cookies: fc.record(
    {
      cd_session: cookieValue,
      cd_refresh: cookieValue,
      cd_pending: cookieValue,
      signedIn: fc.boolean(),
    },
    { requiredKeys: ['signedIn'] },
  ),
  body: fc.oneof(fc.constant(''), fc.json(), printable),
});

test.describe('route handlers', () => {
  const routes = listRouteHandlers();

  test('the build has the route handlers this fuzz expects', () => {
    expect(routes).toEqual(expect.arrayContaining(['/api/embed-token', '/api/health']));
  });

  for (const route of routes) {
    test(`fuzz ${route} (${ROUTE_RUNS} requests)`, async ({ account }) => {
      const session = await signInCookies(BASE, account.email, account.password, nextIp());
      const sessionCookies = Object.fromEntries(
        session.split('; ').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
      );
      let tokens = 0;
      await fuzz(routeInput, ROUTE_RUNS, async (input) => {
        const url = new URL(route, BASE);
        for (const [k, v] of input.query) url.searchParams.append(k, v);
        // A real session (the fuzzed cookies replaced) or whatever the generator made up.
        const jar: Record<string, string | undefined> = input.cookies.signedIn
          ? sessionCookies
          : {
              cd_session: input.cookies.cd_session,
              cd_refresh: input.cookies.cd_refresh,
              cd_pending: input.cookies.cd_pending,
            };
        const cookie = Object.entries(jar)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${v}`)
          .join('; ');
        const res = await fetch(url, {
          method: input.method,
          redirect: 'manual',
          headers: {
            ...Object.fromEntries(
              Object.entries(input.headers).filter(([k, v]) => k !== 'rsc' || v === '1'),
            ),
            'x-forwarded-for': nextIp(),
            ...(cookie ? { cookie } : {}),
          },
          body: input.method === 'GET' || input.method === 'HEAD' ? undefined : input.body,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        const what = `${input.method} ${url.pathname}${url.search.slice(0, 200)} signedIn=${input.cookies.signedIn}`;
        expectNoLeak(res.status, text, what);
        // The request id is ours or a well-formed one: a header value is never reflected raw.
        const reqId = res.headers.get('x-request-id');
        if (reqId !== null) expect(reqId, what).toMatch(/^[\w.-]{8,128}$/);

        // Node's own limit (16 KB) counts the request line and every header, before any of our
        // code: a large cookie with a large query can pass it together where neither does alone.
        const headerBytes =
          url.pathname.length +
          url.search.length +
          cookie.length +
          Object.entries(input.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
        if (res.status === 431) {
          expect(headerBytes, `${what}: 431 for a request this small`).toBeGreaterThan(8_000);
          return;
        }
        if (input.headers.rsc === '1' && res.status === 307) {
          // Next answers an RSC request without its cache key with a redirect to the same path;
          // the guard sends a signed-in person home from what is for signed-out people only.
          const home = input.cookies.signedIn && routeAccess(route) === 'public-only';
          expect(new URL(res.headers.get('location') ?? '', BASE).pathname, what).toBe(
            home ? '/' : route,
          );
          return;
        }
        if (route === '/api/embed-token' && input.method === 'GET') {
          if (input.cookies.signedIn) {
            // The token is the signed-in creator's, whatever the request says.
            expect(res.status, what).toBe(200);
            const { token } = JSON.parse(text) as { token: string };
            expect(decodeJwt(token).sub, what).toBe(account.channelId);
            tokens++;
          } else {
            expect(res.status, what).toBe(401);
            expect(JSON.parse(text), what).toEqual({ error: 'unauthenticated' });
          }
        }
        if (route === '/api/health' && input.method === 'GET') {
          expect(res.status, what).toBe(200);
          expect(() => JSON.parse(text) as unknown, what).not.toThrow();
        }
      });
      // Signed in, GET, no RSC header: about one request in five.
      if (route === '/api/embed-token') expect(tokens).toBeGreaterThan(ROUTE_RUNS / 20);
    });
  }
});

test(`fuzz the guard's /creatorcash campaign decoding (${ROUTE_RUNS} queries)`, async () => {
  // The guard decodes this query before any rendering: a variant is rewritten in place, anything
  // else goes home. Queries: raw strings, and base64 of key=value texts near the real ones.
  const text = fc.oneof(
    fc.string(),
    fc
      .tuple(
        fc.stringMatching(/^[A-Za-z][\w-]{0,40}$/),
        fc.oneof(fc.constantFrom('v1', 'v2', 'v3', 'v4', 'v0', ' v1', 'v1 '), fc.string()),
      )
      .map(([k, v]) => `${k}=${v}`),
  );
  const query = fc.oneof(
    fc.string({ maxLength: 300 }).map((q) => encodeURIComponent(q)),
    fc.tuple(text, fc.constantFrom('base64', 'base64url'), fc.boolean()).map(([t, enc, pad]) => {
      const b = Buffer.from(t).toString(enc as BufferEncoding);
      return pad ? b : b.replace(/=+$/, '');
    }),
    fc.stringMatching(/^[\x21-\x7e]{0,300}$/).map((q) => q.replace(/#/g, '')),
  );
  await fuzz(query, ROUTE_RUNS, async (q) => {
    const res = await fetch(new URL(`/creatorcash?${q}`, BASE), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': nextIp() },
    });
    const body = await res.text();
    expectNoLeak(res.status, body, `/creatorcash?${q}`);
    if (res.status === 200) {
      expect(body, q).toContain('</html>');
    } else {
      expect(res.status, q).toBe(307);
      expect(new URL(res.headers.get('location') ?? '', BASE).pathname, q).toBe('/');
    }
  });
});

test('an oversized URL or header is refused below 500', async () => {
  for (const route of ['/api/embed-token', '/api/health', '/login', '/']) {
    const url = new URL(route, BASE);
    url.searchParams.set('q', 'x'.repeat(40_000));
    const res = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': nextIp() } });
    expect([414, 431], route).toContain(res.status);
    const big = await fetch(new URL(route, BASE), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': nextIp(), 'x-big': 'y'.repeat(40_000) },
    });
    expect([413, 431], route).toContain(big.status);
  }
});

test.afterAll(async () => {
  // Nothing this worker's fuzz sent (prototype keys included) changed how a plain call is answered.
  const signIn = ACTIONS.find((a) => a.name === 'signInAction')!;
  const a = await callAction(
    BASE,
    signIn.id,
    formArgs([
      ['email', ''],
      ['password', ''],
    ]),
    { headers: { 'x-forwarded-for': nextIp() } },
  );
  expect(a.value).toEqual({
    status: 'error',
    fieldErrors: {
      email: [{ text: 'Email address is required' }],
      password: [{ text: 'Password is required' }],
    },
    values: { email: '' },
  });
  expect((await fetch(new URL('/api/health', BASE))).status).toBe(200);
});
