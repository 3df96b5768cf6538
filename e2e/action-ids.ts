import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Server actions as plain HTTP, the way the browser's React client calls them: a POST to a page
 * path with `Next-Action: <id>` and the arguments encoded as React's `encodeReply` does (recorded
 * from a real form submit). Ids come from the build under test, so new actions are found too.
 */

type ManifestEntry = {
  filename?: string;
  exportedName?: string;
  workers?: Record<string, unknown>;
};
type Manifest = { node?: Record<string, ManifestEntry>; edge?: Record<string, ManifestEntry> };

export type ActionRef = { id: string; name: string; file: string; pages: string[] };

export function distDir() {
  return process.env.NEXT_DIST_DIR || '.next';
}

/** Every server action of the build: id, exported name, source file and the pages that use it. */
export function listActions(dir = distDir()): ActionRef[] {
  const file = path.join(dir, 'server', 'server-reference-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const out: ActionRef[] = [];
  for (const [id, entry] of Object.entries({ ...manifest.edge, ...manifest.node })) {
    if (!entry.exportedName || !entry.filename) continue;
    out.push({
      id,
      name: entry.exportedName,
      file: entry.filename,
      pages: Object.keys(entry.workers ?? {}),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * An action of the signed-in area: defined in the profile's action modules or the logout's
 * (lib/profile/*.ts, lib/auth/logout.ts). Which pages use it does not say: a shared form layer may
 * load it anywhere.
 */
export const isSignedInAreaAction = (a: ActionRef) =>
  /(^|\/)lib\/(profile\/[\w-]+|auth\/logout)\.ts$/.test(a.file);

/** The page path a build worker serves: `app/(dashboard)/profile/page` -> `/profile`. */
export function pagePath(worker: string): string {
  const parts = worker
    .replace(/^app\//, '')
    .split('/')
    .filter((p) => p !== 'page' && p !== 'route' && !/^\(.*\)$/.test(p));
  return `/${parts.join('/')}`;
}

/** The route handlers of the build (app/**\/route.ts) without dynamic segments, as paths. */
export function listRouteHandlers(dir = distDir()): string[] {
  const file = path.join(dir, 'server', 'app-paths-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.keys(manifest)
    .filter((k) => k.endsWith('/route') && !k.includes('['))
    .map((k) => pagePath(`app${k}`))
    .sort();
}

/** The id of the action exported as `name` (throws when the build has none: a renamed export). */
export function actionId(name: string, dir = distDir()): string {
  const found = listActions(dir).find((a) => a.name === name);
  if (!found) throw new Error(`no server action named ${name} in ${dir}`);
  return found.id;
}

/** A FormData value: a string, or several (same-named inputs like the six code boxes). */
export type FormFields = [name: string, value: string][];

/**
 * The body for `action(prevState, formData)` as useActionState sends it: the FormData's entries
 * under the `_1_` prefix, and field `0` holding `[prevState, "$K1"]`.
 */
export function formArgs(fields: FormFields, prevState: unknown = { status: 'idle' }): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(`_1_${name}`, value);
  body.append('0', JSON.stringify([escapeReply(prevState), '$K1']));
  return body;
}

/** The body for an action called with plain arguments (`resendResetCodeAction(email)`). */
export function jsonArgs(args: unknown[]): string {
  return JSON.stringify(escapeReply(args));
}

/** encodeReply escapes strings that start with `$` (they are references otherwise). */
function escapeReply(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(escapeReply);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = escapeReply(v);
    return out;
  }
  return value;
}

export type ActionAnswer = {
  status: number;
  /** The decoded return value (undefined for a redirect or a void action). */
  value: unknown;
  /** `x-action-redirect` without its `;push|replace` suffix. */
  redirect: string | null;
  body: string;
  setCookies: string[];
  /** Why the body did not decode to a value (an error row, a malformed payload). */
  decodeError?: string;
};

export type CallOptions = {
  /** The page the action is posted to (the guard runs on it). */
  path?: string;
  cookie?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/** Posts an action the way the browser does and decodes its answer. */
export async function callAction(
  baseURL: string,
  id: string,
  body: FormData | string,
  { path: page = '/login', cookie, headers = {}, timeoutMs = 20_000 }: CallOptions = {},
): Promise<ActionAnswer> {
  const res = await fetch(new URL(page, baseURL), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      accept: 'text/x-component',
      'next-action': id,
      ...(typeof body === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const redirect = res.headers.get('x-action-redirect')?.split(';')[0] ?? null;
  let value: unknown;
  let decodeError: string | undefined;
  if (res.headers.get('content-type')?.startsWith('text/x-component') && !redirect) {
    try {
      value = decodeActionResult(text);
    } catch (error) {
      decodeError = error instanceof Error ? error.message : String(error);
    }
  }
  return {
    status: res.status,
    value,
    redirect,
    body: text,
    setCookies: res.headers.getSetCookie(),
    decodeError,
  };
}

/**
 * Decodes the React Flight answer of an action call: rows `<hex id>:<json>` or, for strings of
 * 1 KB and more, `<hex id>:T<hex byte length>,<text>`; row 0 is `{ a: "$@1", ... }`.
 */
export function decodeActionResult(payload: string): unknown {
  const rows = parseRows(payload);
  const root = rows.get(0) as { a?: unknown } | undefined;
  if (!root || typeof root !== 'object' || !('a' in root))
    throw new Error(`no action result row in ${payload.slice(0, 200)}`);
  const resolve = (v: unknown, depth: number): unknown => {
    if (depth > 50) throw new Error('reference cycle');
    if (typeof v === 'string') {
      if (v.startsWith('$$')) return v.slice(1);
      if (v === '$undefined') return undefined;
      const ref = /^\$@?([0-9a-f]+)$/.exec(v)?.[1];
      if (ref) {
        const id = parseInt(ref, 16);
        if (!rows.has(id)) throw new Error(`missing row ${id}`);
        const row = rows.get(id);
        // An error row in the result means the action threw.
        if (row instanceof ErrorRow)
          throw new Error(`the action answered an error row: ${row.json.slice(0, 300)}`);
        // A text row is the string itself, never a reference.
        return row instanceof TextRow ? row.text : resolve(row, depth + 1);
      }
      if (v.startsWith('$')) throw new Error(`unexpected reference ${v}`);
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => resolve(x, depth + 1));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = resolve(x, depth + 1);
      return out;
    }
    return v;
  };
  return resolve(root.a, 0);
}

class TextRow {
  constructor(readonly text: string) {}
}

class ErrorRow {
  constructor(readonly json: string) {}
}

function parseRows(payload: string): Map<number, unknown> {
  const bytes = Buffer.from(payload, 'utf8');
  const rows = new Map<number, unknown>();
  let i = 0;
  while (i < bytes.length) {
    const colon = bytes.indexOf(0x3a, i);
    if (colon < 0) break;
    const head = bytes.subarray(i, colon).toString('utf8');
    if (head === '') {
      // A hint row (`:HL[...]`): not part of the result.
      const nl = bytes.indexOf(0x0a, colon);
      i = nl < 0 ? bytes.length : nl + 1;
      continue;
    }
    const id = parseInt(head, 16);
    const tag = String.fromCharCode(bytes[colon + 1] ?? 0);
    if (tag === 'T') {
      const comma = bytes.indexOf(0x2c, colon);
      const len = parseInt(bytes.subarray(colon + 2, comma).toString('utf8'), 16);
      rows.set(id, new TextRow(bytes.subarray(comma + 1, comma + 1 + len).toString('utf8')));
      i = comma + 1 + len;
      continue;
    }
    const nl = bytes.indexOf(0x0a, colon);
    const line = bytes.subarray(colon + 1, nl < 0 ? bytes.length : nl).toString('utf8');
    i = nl < 0 ? bytes.length : nl + 1;
    if (/^[A-Z]/.test(tag)) {
      // Imports, hints and debug rows are not data. Error rows matter only when the result refers
      // to them: a re-rendered page carries its own (e.g. a not-found boundary that redirects).
      if (tag === 'E') rows.set(id, new ErrorRow(line.slice(1)));
      continue;
    }
    rows.set(id, JSON.parse(line));
  }
  return rows;
}

/** `name=value` pairs from Set-Cookie headers (cleared cookies left out), as a Cookie header. */
export function cookieHeader(setCookies: string[], keep: Record<string, string> = {}): string {
  const jar = { ...keep };
  for (const line of setCookies) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /max-age=0\b/i.test(line)) delete jar[name];
    else jar[name] = value;
  }
  return Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** Cookie header -> map. */
export function cookieMap(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/**
 * Signs in through signInAction, as the login form posts it, and answers the action's answer (its
 * Set-Cookie lines hold the session). `headers` carry the caller's address (X-Forwarded-For picks
 * the rate-limit bucket) and, for a browser's session, its user agent.
 */
export async function signInAnswer(
  baseURL: string,
  email: string,
  password: string,
  headers: Record<string, string>,
): Promise<ActionAnswer> {
  const answer = await callAction(
    baseURL,
    actionId('signInAction'),
    formArgs([
      ['email', email],
      ['password', password],
    ]),
    { path: '/login', headers },
  );
  if (answer.redirect !== '/') {
    throw new Error(
      `sign-in for ${email} answered ${answer.status} ${JSON.stringify(answer.value ?? answer.body.slice(0, 200))}`,
    );
  }
  return answer;
}

/** Signs in as the login form does and answers the session cookies, as a Cookie header. */
export async function signInCookies(
  baseURL: string,
  email: string,
  password: string,
  xff: string,
): Promise<string> {
  const answer = await signInAnswer(baseURL, email, password, { 'x-forwarded-for': xff });
  return cookieHeader(answer.setCookies);
}
