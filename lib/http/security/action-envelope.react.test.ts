import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  isNoScriptCall,
  noScriptCallProblem,
  plausibleFormReply,
  plausibleTextReply,
} from './action-envelope';

/**
 * The guard's rules against React itself, the build the app runs (Next's own copy): what React's
 * encoder writes for the product's kinds of forms, with and without scripts, the guard lets
 * through, and React's decoder reads; what the guard refuses here, React's decoder throws on, which
 * Next answers with a 500. Each side runs in a Node process of its own: the decoder needs React's
 * server build, the encoder and the page renderer its client one.
 */

const COMPILED = path.join(path.dirname(require.resolve('next/package.json')), 'dist', 'compiled');
const ID = `7f${'a'.repeat(40)}`;
const OTHER = `7f${'b'.repeat(40)}`;

type Entries = [string, string][];
type Reply = { label: string; text: string } | { label: string; entries: Entries };
type Rendered = { forms: { label: string; entries: Entries }[]; replies: Reply[] };

function run(script: string, input: unknown = null): unknown {
  const out = execFileSync(process.execPath, ['-e', script], {
    input: JSON.stringify(input),
    env: { ...process.env, NODE_ENV: 'production', COMPILED, ID, OTHER },
    encoding: 'utf8',
  });
  return JSON.parse(out) as unknown;
}

// Renders the forms as the server renders a page (React's page renderer and its server-reference
// encoder), and encodes replies as the browser's form call does. The forms mirror the product's:
// `<form action={action}>`, useActionState with the idle state and with a state an answer left,
// and a button with an action of its own, clicked and not.
const RENDER = String.raw`
const { COMPILED, ID, OTHER } = process.env;
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'react') return COMPILED + '/react/index.js';
  if (request === 'react-dom') return COMPILED + '/react-dom/index.js';
  return resolve.call(this, request, ...rest);
};
const React = require(COMPILED + '/react/index.js');
const Fizz = require(COMPILED + '/react-dom/cjs/react-dom-server.node.production.js');
const client = require(COMPILED + '/react-server-dom-webpack/cjs/react-server-dom-webpack-client.edge.production.js');
const { Writable } = require('node:stream');
const h = React.createElement;
const action = client.createServerReference(ID, async () => {});
const other = client.createServerReference(OTHER, async () => {});
const required = { text: 'Email address is required' };
const answered = {
  status: 'error',
  message: { text: 'Check the form', link: { label: 'form', href: '/login' } },
  fieldErrors: { email: [required], password: [required] },
  values: { email: '$pecial@creator.test', name: undefined },
  data: { channelId: 'cm-1' },
};
function Forms() {
  const [, idle] = React.useActionState(action, { status: 'idle' });
  const [, after] = React.useActionState(other, answered);
  const [, withButton] = React.useActionState(action, { status: 'idle' });
  return h('div', null,
    h('form', { action }, h('button', null, 'Sign out')),
    h('form', { action: idle }, h('input', { name: 'email' })),
    h('form', { action: after }, h('input', { name: 'email' })),
    h('form', { action: withButton },
      h('button', { name: 'go' }, 'Go'),
      h('button', { formAction: other.bind(null, 'x', 2) }, 'Other')),
  );
}
const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const attr = (tag, name) => { const m = new RegExp(' ' + name + '="([^"]*)"').exec(tag); return m ? unescape(m[1]) : null; };
let html = '';
const sink = new Writable({ write(chunk, _e, done) { html += chunk; done(); }, final: async (done) => { done(); await finish(); } });
const stream = Fizz.renderToPipeableStream(h(Forms), { onAllReady() { stream.pipe(sink); }, onError(e) { console.error(e); process.exit(1); } });
async function finish() {
  const forms = [];
  for (const [i, body] of [...html.matchAll(/<form[^>]*>(.*?)<\/form>/g)].map((m, i) => [i, m[1]])) {
    const hidden = [...body.matchAll(/<input type="hidden"[^>]*>/g)].map((m) => [attr(m[0], 'name'), attr(m[0], 'value') ?? '']);
    const typed = [['email', 'a@b.co']];
    // The browser sends the hidden fields in page order, the clicked button's name among them.
    const buttons = [...body.matchAll(/<button[^>]*>/g)].map((m) => attr(m[0], 'name')).filter((n) => n && n.startsWith('$ACTION_'));
    forms.push({ label: 'form ' + i, entries: [...hidden, ...typed] });
    for (const name of buttons) {
      const at = hidden.findIndex(([n]) => n.startsWith(name.replace('_REF_', '_') + ':'));
      forms.push({ label: 'form ' + i + ' by its button', entries: [...hidden.slice(0, at), [name, ''], ...hidden.slice(at), ...typed] });
    }
  }
  const fd = new FormData();
  fd.append('email', 'a@b.co');
  const replies = [];
  for (const [label, args] of [
    ['a form and the idle state', [{ status: 'idle' }, fd]],
    ['a form and the state an answer left', [answered, fd]],
    ['plain values', ['a@b.co', 3, true, null, undefined, new Date(0), 12n, '$x']],
  ]) {
    const body = await client.encodeReply(args);
    replies.push(typeof body === 'string' ? { label, text: body } : { label, entries: [...body.entries()] });
  }
  process.stdout.write(JSON.stringify({ forms, replies }));
}
`;

// Decodes each body as Next does: a form posted without scripts through decodeAction, then
// decodeFormState; a call's reply through decodeReply (and Next runs no action with more than
// 1,000 arguments). Answers "ok", or what was thrown.
const DECODE = String.raw`
const { COMPILED, ID, OTHER } = process.env;
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'react' || request === 'next/dist/compiled/react') return COMPILED + '/react/react.react-server.js';
  if (request === 'react-dom' || request === 'next/dist/compiled/react-dom') return COMPILED + '/react-dom/react-dom.react-server.js';
  return resolve.call(this, request, ...rest);
};
const server = require(COMPILED + '/react-server-dom-webpack/cjs/react-server-dom-webpack-server.node.production.js');
const manifest = { [ID]: { id: 'actions', chunks: [], name: ID }, [OTHER]: { id: 'actions', chunks: [], name: OTHER } };
const actions = { [ID]: (...args) => args, [OTHER]: (...args) => args };
globalThis.__next_require__ = () => actions;
const formOf = (entries) => { const fd = new FormData(); for (const [k, v] of entries) fd.append(k, v); return fd; };
async function decode(item) {
  try {
    if (item.form) {
      const fd = formOf(item.form);
      const fn = await server.decodeAction(fd, manifest);
      if (typeof fn !== 'function') return 'no action';
      await server.decodeFormState(await fn(), fd, manifest);
      return 'ok';
    }
    const body = item.text ?? formOf(item.entries);
    const args = await server.decodeReply(body, manifest, { temporaryReferences: server.createTemporaryReferenceSet() });
    if (args.length > 1000) throw new Error('Server Action arguments list is too long');
    return 'ok';
  } catch (error) {
    return String(error && error.message);
  }
}
let input = '';
process.stdin.on('data', (c) => (input += c)).on('end', async () => {
  const out = [];
  for (const item of JSON.parse(input)) out.push(await decode(item));
  process.stdout.write(JSON.stringify(out));
});
`;

const form = (entries: Entries) => {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  return body;
};
const accepts = (reply: Reply) =>
  'text' in reply
    ? plausibleTextReply(reply.text)
    : plausibleFormReply(reply.entries.find(([k]) => k === '0')?.[1] ?? null);

const descriptor = JSON.stringify({ id: ID, bound: '$@1' });
const state = (args: string): Entries => [
  ['$ACTION_REF_1', ''],
  ['$ACTION_1:0', descriptor],
  ['$ACTION_1:1', args],
  ['$ACTION_KEY', 'k0'],
];

/**
 * Forms posted without scripts that break React's decoder. Their ids are known and their
 * descriptors start as React writes them, so Next's own id check lets them through to it.
 */
const BROKEN_FORMS: [string, Entries][] = [
  [
    'a descriptor that is not JSON',
    [
      ['$ACTION_REF_1', ''],
      ['$ACTION_1:0', `{"id":"${ID}",`],
    ],
  ],
  [
    'no bound arguments',
    [
      ['$ACTION_REF_1', ''],
      ['$ACTION_1:0', descriptor],
    ],
  ],
  ['bound arguments that are not JSON', state('[{"status":')],
  ['a bound argument that refers to nothing', state('["$1:x"]')],
  ['a bound argument that refers to a missing part', state('["$Q2"]')],
  ['a bound BigInt too long', state(`["$n${'9'.repeat(301)}"]`)],
  ['more bound arguments than React binds', state(`[${Array(1001).fill(1).join(',')}]`)],
];
/** Replies of a call with the header that break React's decoder or Next's call. */
const BROKEN_REPLIES: [string, string][] = [
  ['a path to nothing', '[{"a":{}},"$0:0:b"]'],
  ['a path through __proto__', '[{"__proto__":{"a":{}}},"$0:0:__proto__:a"]'],
  ['a BigInt too long', `["$n${'9'.repeat(301)}"]`],
  ['more arguments than Next passes', `[${Array(1001).fill(1).join(',')}]`],
];

let rendered: Rendered;
beforeAll(() => {
  rendered = run(RENDER) as Rendered;
});

it('React renders the kinds of forms the product has', () => {
  expect(rendered.forms.map((f) => f.label)).toEqual([
    'form 0',
    'form 1',
    'form 2',
    'form 3',
    'form 3 by its button',
  ]);
  const fields = rendered.forms.flatMap((f) => f.entries.map(([name]) => name));
  expect(fields).toEqual(expect.arrayContaining([`$ACTION_ID_${ID}`, '$ACTION_KEY']));
  // A state with one object in two places carries it once, then by its path.
  expect(JSON.stringify(rendered)).toContain(':0:fieldErrors:email:0');
});

it('the guard lets through every form and reply React writes, and React decodes each', () => {
  for (const { label, entries } of rendered.forms) {
    expect([label, isNoScriptCall(entries.map(([k]) => k))]).toEqual([label, true]);
    expect([label, noScriptCallProblem(form(entries))]).toEqual([label, null]);
  }
  for (const reply of rendered.replies)
    expect([reply.label, accepts(reply)]).toEqual([reply.label, true]);
  const written = [...rendered.forms.map((f) => ({ form: f.entries })), ...rendered.replies];
  expect(run(DECODE, written)).toEqual(written.map(() => 'ok'));
});

it('what the guard refuses, React or Next would have thrown on', () => {
  for (const [label, entries] of BROKEN_FORMS)
    expect([label, noScriptCallProblem(form(entries))]).toEqual([label, expect.any(String)]);
  for (const [label, text] of BROKEN_REPLIES)
    expect([label, plausibleTextReply(text)]).toEqual([label, false]);
  const decoded = run(DECODE, [
    ...BROKEN_FORMS.map(([, entries]) => ({ form: entries })),
    ...BROKEN_REPLIES.map(([, text]) => ({ text })),
  ]) as string[];
  const labels = [...BROKEN_FORMS, ...BROKEN_REPLIES].map(([label]) => label);
  expect(decoded.map((d, i) => [labels[i], d === 'ok'])).toEqual(labels.map((l) => [l, false]));
});
