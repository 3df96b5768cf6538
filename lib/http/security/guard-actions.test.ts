import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { log } from '@/lib/runtime/log';

/**
 * The guard in front of server actions, called as Next calls it: a form posted before the scripts
 * ran (React's `$ACTION_` fields) and a call from another site are answered here, since Next's own
 * decoder and origin check throw on them (a 500 and a `request.error` line).
 */

const SITE = 'http://localhost:3000';
const ID = `7f${'a'.repeat(40)}`;
const OTHER = `7f${'b'.repeat(40)}`;
const MALFORMED = { error: 'This request could not be understood.' };
const FOREIGN = { error: 'This request did not come from this site.' };

function form(entries: [string, string][]): FormData {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
}

function post(body: FormData | string, headers: Record<string, string> = {}, path = '/login') {
  return new NextRequest(new URL(path, SITE), {
    method: 'POST',
    headers: { host: 'localhost:3000', ...headers },
    body,
  });
}

/** What the guard answered, and what it logged at each level. */
async function guarded(request: NextRequest) {
  const warn = jest.spyOn(log, 'warn');
  const error = jest.spyOn(log, 'error');
  const res = await proxy(request);
  const passed = res.headers.get('x-middleware-next') === '1';
  return {
    status: res.status,
    passed,
    body: passed ? null : ((await res.json()) as unknown),
    warned: warn.mock.calls.map(([event, fields]) => ({ event, reason: fields?.reason })),
    errors: error.mock.calls.map(([event]) => event),
  };
}

/** The fields React renders for `useActionState(action, { status: 'idle' })` (prefix 1). */
const actionState: [string, string][] = [
  ['$ACTION_REF_1', ''],
  ['$ACTION_1:0', JSON.stringify({ id: ID, bound: '$@1' })],
  ['$ACTION_1:1', '[{"status":"idle"}]'],
  ['$ACTION_KEY', 'kf40fe1d8a459575453ea8f78145b6fbc'],
];
const typed: [string, string][] = [
  ['email', 'a@b.co'],
  ['password', 'Wrong!Pass1'],
];

describe('a form posted before the scripts ran', () => {
  it.each<[string, [string, string][]]>([
    ['a reference with no descriptor', [['$ACTION_REF_1', ''], ...typed]],
    [
      'a descriptor that is not JSON',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', `{"id":"${ID}",`],
      ],
    ],
    [
      'bound arguments that are not there',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', JSON.stringify({ id: ID, bound: '$@1' })],
      ],
    ],
    [
      'bound arguments that are not JSON',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', JSON.stringify({ id: ID, bound: '$@1' })],
        ['$ACTION_1:1', '[{"status":'],
      ],
    ],
    [
      'a bound argument that refers to nothing',
      [
        ['$ACTION_REF_1', ''],
        ['$ACTION_1:0', JSON.stringify({ id: ID, bound: '$@1' })],
        ['$ACTION_1:1', '["$1:x"]'],
      ],
    ],
  ])('with %s is answered 400, logged as a warning', async (_label, entries) => {
    const answer = await guarded(post(form(entries), { origin: SITE }));
    expect(answer).toEqual({
      status: 400,
      passed: false,
      body: MALFORMED,
      warned: [{ event: 'action.malformed', reason: expect.any(String) }],
      errors: [],
    });
  });

  it('that is no form at all is answered 400', async () => {
    // Next's own parse of a multipart body throws on this.
    const answer = await guarded(
      post('--x\r\ngarbage', { origin: SITE, 'content-type': 'multipart/form-data; boundary=x' }),
    );
    expect(answer).toMatchObject({ status: 400, body: MALFORMED, errors: [] });
  });

  it('sent url-encoded with fields that do not decode is answered 400', async () => {
    const body = new URLSearchParams([['$ACTION_REF_1', ''], ...typed]).toString();
    const answer = await guarded(
      post(body, { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(answer).toMatchObject({ status: 400, body: MALFORMED, errors: [] });
  });

  it('over the body limit is answered 413 unparsed, though it declares no length', async () => {
    const answer = await guarded(post(form([...actionState, ['name', 'x'.repeat(70_000)]])));
    expect(answer).toEqual({
      status: 413,
      passed: false,
      body: { error: 'This request is too large.' },
      warned: [{ event: 'request.too_large', reason: undefined }],
      errors: [],
    });
  });

  it.each<[string, [string, string][]]>([
    ['with its state (useActionState)', [...actionState, ...typed]],
    ['of a plain action', [[`$ACTION_ID_${ID}`, '']]],
    [
      'sent by a button with an action of its own',
      [
        ...actionState,
        ['$ACTION_REF_2', ''],
        ['$ACTION_2:0', JSON.stringify({ id: OTHER, bound: '$@1' })],
        ['$ACTION_2:1', '["x",2]'],
        ...typed,
      ],
    ],
  ])('that React can decode, %s, goes on to Next', async (_label, entries) => {
    expect(await guarded(post(form(entries), { origin: SITE }))).toEqual({
      status: 200,
      passed: true,
      body: null,
      warned: [],
      errors: [],
    });
  });

  it('a form post that is no action call at all is not the guard’s to answer', async () => {
    const urlencoded = new URLSearchParams({ email: 'a@b.co' }).toString();
    const answer = await guarded(
      post(urlencoded, { 'content-type': 'application/x-www-form-urlencoded', origin: SITE }),
    );
    expect(answer).toMatchObject({ passed: true, warned: [], errors: [] });
  });
});

it('a call whose body is no React reply is answered 400, as before', async () => {
  const answer = await guarded(
    post('[', { 'next-action': ID, 'content-type': 'text/plain;charset=UTF-8', origin: SITE }),
  );
  expect(answer).toMatchObject({ status: 400, body: MALFORMED, errors: [] });
  expect(answer.warned).toEqual([{ event: 'action.malformed', reason: 'not a React reply' }]);
});

describe('a server action call from another site', () => {
  const fetchCall = (headers: Record<string, string>) =>
    post('[{"status":"idle"},"a@b.co"]', {
      'next-action': ID,
      'content-type': 'text/plain;charset=UTF-8',
      ...headers,
    });

  it.each<[string, NextRequest]>([
    ['with the header', fetchCall({ origin: 'https://elsewhere.example' })],
    [
      'posted as a form',
      post(form([...actionState, ...typed]), { origin: 'https://elsewhere.example' }),
    ],
    // Next treats any multipart POST to a page as a possible action, and checks its origin first.
    [
      'posted as a form with no action fields',
      post(form(typed), { origin: 'https://elsewhere.example' }),
    ],
    ['from an opaque origin', fetchCall({ origin: 'null' })],
    ['with an origin that is no URL', fetchCall({ origin: 'not a url' })],
    [
      'whose forwarded host is not its origin',
      fetchCall({ origin: SITE, 'x-forwarded-host': 'creator.example' }),
    ],
  ])('%s is answered 403, logged as a warning', async (_label, request) => {
    const answer = await guarded(request);
    expect(answer).toEqual({
      status: 403,
      passed: false,
      body: FOREIGN,
      warned: [{ event: 'action.cross_origin', reason: expect.any(String) }],
      errors: [],
    });
  });

  it.each<[string, Record<string, string>]>([
    ['from this site', { origin: SITE }],
    // A client that sends no Origin is no browser carrying someone's cookies: Next lets it through.
    ['with no origin', {}],
    [
      'through a proxy that names the host it was asked for',
      { origin: 'https://creator.example', 'x-forwarded-host': 'creator.example, 10.0.0.1' },
    ],
  ])('%s goes on to Next', async (_label, headers) => {
    expect(await guarded(fetchCall(headers))).toMatchObject({
      passed: true,
      warned: [],
      errors: [],
    });
  });
});
