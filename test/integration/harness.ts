/**
 * The one set-up of the integration tests: the product's server actions called in this process
 * against the real local identity service (and, when asked, the creator system), started on free
 * ports in a fresh data folder. Each file used to start, wire and tear these down by hand, each
 * copy a little different; this is that code once.
 *
 *   const pool = withLocalPool({ settings: { clientSecret }, creators: true, env: { … } });
 *   beforeAll(async () => void (email = await import('@/lib/profile/email')));
 *   … await pool.identity('SignUp', { … }); const [code] = await pool.outbox(email); …
 *
 * Call it at the top level of a test file, before the file's own hooks (they run in the order
 * they were registered, so the pool is up and the environment set when the file imports the
 * app's modules). Keep the `jest.mock(...)` calls in the test file: jest hoists them per file.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCreatorSystem, type CreatorSystem } from '@/local/creator-system/server';
import { CLIENT_ID } from '@/local/identity/config';
import { startIdentityServer, type IdentityServer } from '@/local/identity/server';
import type { PoolSettings } from '@/local/identity/settings';
import type { OutboxMessage } from '@/local/identity/store';
import { withEnv } from '@/test/env';
import { cookieJar, setClientAddress } from '@/test/next-headers';
import { previousTotpCode } from '@/test/totp';

/** A Cognito call in its JSON protocol; throws with the operation, status and body if refused. */
export async function callIdentity<T = Record<string, unknown>>(
  url: string,
  op: string,
  body: object,
): Promise<T> {
  const res = await fetch(`${url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${op}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The codes and notices the pool at `url` delivered to `to`, newest first. */
export async function outboxAt(url: string, to: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${url}/__local/outbox?to=${encodeURIComponent(to)}`);
  return (await res.json()) as OutboxMessage[];
}

/** A POST to one of the pool's `/__local/...` controls; throws if refused. */
export async function localAt(url: string, route: string, body: object): Promise<void> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
}

export interface IdentityPoolOptions {
  /** The pool's settings; unset ones keep the recommended preset's. */
  settings?: Partial<PoolSettings>;
  /** The data folder's prefix in the OS temp folder (the test file's name by default). */
  name?: string;
  /** Sees every call the pool answers: the operation, the status, the answer and the request. */
  observe?: (operation: string, status: number, body: unknown, request?: unknown) => void;
}

export interface IdentityPool {
  /** The running server (from the first beforeAll on). */
  readonly server: IdentityServer;
  /** Its data folder, removed after the file. */
  readonly dataDir: string;
  /** The app client's secret, as the pool publishes it (GET /__local/app-client); none if public. */
  readonly clientSecret: string | undefined;
  /** A call as the AWS SDK makes it, with the SECRET_HASH a confidential client needs added over
   * the name it gives (a challenge answer must give the pool's username: answerName). */
  identity<T = Record<string, unknown>>(op: string, body: object): Promise<T>;
  outbox(to: string): Promise<OutboxMessage[]>;
  local(route: string, body: object): Promise<void>;
}

export interface LocalPoolOptions extends IdentityPoolOptions {
  /** Start the creator system too (same data folder); LOCAL_CREATOR_PORT then points at it. */
  creators?: boolean;
  /** More environment for the app (e.g. COGNITO_CLIENT_SECRET), set after the defaults. */
  env?: Record<string, string | undefined>;
  /** One client address for every test; by default each test gets a fresh 198.51.100.N. */
  clientAddress?: string;
}

export interface LocalPool extends IdentityPool {
  /** The creator system; only with `creators: true`. */
  readonly creators: CreatorSystem;
}

interface Started {
  server?: IdentityServer;
  creators?: CreatorSystem;
  dataDir?: string;
  clientSecret?: string;
}

/** SECRET_HASH as Cognito checks it: Base64(HMAC-SHA256(secret, username + client id)). */
const hmac = (secret: string | undefined, username: string) =>
  secret
    ? createHmac('sha256', secret)
        .update(username + CLIENT_ID)
        .digest('base64')
    : undefined;

/** `body` with its SECRET_HASH where the client has a secret and the call names the app client. */
function signed(secret: string | undefined, op: string, body: object): object {
  const call = body as Record<string, unknown>;
  if (!secret || call.ClientId !== CLIENT_ID) return body;
  if (typeof call.Username === 'string' && !('SecretHash' in call))
    return { ...call, SecretHash: hmac(secret, call.Username) };
  const key = op === 'InitiateAuth' ? 'AuthParameters' : 'ChallengeResponses';
  const params = call[key] as Record<string, string> | undefined;
  if (params?.USERNAME && !('SECRET_HASH' in params))
    return { ...call, [key]: { ...params, SECRET_HASH: hmac(secret, params.USERNAME) } };
  return body;
}

function defaultName(): string {
  const testPath = expect.getState().testPath;
  return testPath ? path.basename(testPath).replace(/\.test\.tsx?$/, '') : 'local-pool';
}

async function start(options: LocalPoolOptions, into: Started): Promise<void> {
  into.dataDir = mkdtempSync(path.join(tmpdir(), `${options.name ?? defaultName()}-`));
  into.server = await startIdentityServer({
    port: 0,
    dataDir: into.dataDir,
    log: () => undefined,
    seedDemo: false,
    scryptLogN: 10,
    settings: options.settings,
    ...(options.observe ? { observe: options.observe } : {}),
  });
  const client = (await (await fetch(`${into.server.url}/__local/app-client`)).json()) as {
    clientSecret?: string;
  };
  into.clientSecret = client.clientSecret;
  if (options.creators) {
    into.creators = await startCreatorSystem({ apiPort: 0, embedPort: 0, dataDir: into.dataDir });
  }
}

async function stop(started: Started): Promise<void> {
  await started.server?.close();
  await started.creators?.close();
  if (started.dataDir) rmSync(started.dataDir, { recursive: true, force: true });
}

function handle(started: Started): LocalPool {
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) {
      throw new Error(`the pool's ${what} is not there: read it in a hook or test, not at load`);
    }
    return value;
  };
  const url = () => need(started.server, 'server').url;
  return {
    get server() {
      return need(started.server, 'server');
    },
    get creators() {
      return need(started.creators, 'creator system (creators: true)');
    },
    get dataDir() {
      return need(started.dataDir, 'data folder');
    },
    get clientSecret() {
      return need(started.server, 'server') && started.clientSecret;
    },
    identity: (op, body) => callIdentity(url(), op, signed(started.clientSecret, op, body)),
    outbox: (to) => outboxAt(url(), to),
    local: (route, body) => localAt(url(), route, body),
  };
}

/**
 * A local identity pool for this file, and nothing else: no environment, no per-test reset (for a
 * file that wires the app itself, e.g. behind a front of its own).
 */
export function withIdentityPool(options: IdentityPoolOptions = {}): IdentityPool {
  const started: Started = {};
  beforeAll(() => start(options, started));
  afterAll(() => stop(started));
  return handle(started);
}

/**
 * A local identity pool (and with `creators`, the creator system) the app under test talks to:
 * started before the file's tests, the app's environment pointed at it (restored after the file),
 * and before each test an empty cookie jar and a client address of its own (per-address limits
 * then count that test's calls only). Closed and its data folder removed after the file.
 */
export function withLocalPool(options: LocalPoolOptions = {}): LocalPool {
  const started: Started = {};
  const setEnv = withEnv();
  beforeAll(async () => {
    await start(options, started);
    setEnv({
      // Local mode: the app's Cognito endpoint is the local identity port (read once, on first use).
      LOCAL_IDENTITY_PORT: String(started.server!.port),
      ...(started.creators ? { LOCAL_CREATOR_PORT: new URL(started.creators.apiUrl).port } : {}),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // The stood-in headers play one balancer in front: its X-Forwarded-For entry is the client.
      TRUSTED_PROXY_HOPS: '1',
      // The app client the pool runs (the template's is confidential).
      COGNITO_CLIENT_SECRET: started.clientSecret,
      ...options.env,
    });
  });
  afterAll(() => stop(started));
  let addresses = 0;
  beforeEach(() => {
    cookieJar.clear();
    setClientAddress(options.clientAddress ?? `198.51.100.${++addresses}`);
  });
  return handle(started);
}

/**
 * A confirmed account for `email` with a record in the creator system, signed up with `password`
 * through the pool's own API: what a creator has after sign-up. Answers the record's channel id.
 */
export async function confirmedCreator(
  pool: LocalPool,
  email: string,
  password: string,
): Promise<string> {
  const created = await fetch(`${pool.creators.apiUrl}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { id } = (await created.json()) as { id: string };
  await pool.identity('SignUp', { ClientId: CLIENT_ID, Username: email, Password: password });
  const [code] = await pool.outbox(email);
  await pool.identity('ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    ConfirmationCode: code!.code,
  });
  return id;
}

/** The sign-in form's action with `email` and `password`: where it redirects, if it does. */
export async function formSignIn(
  signInAction: (state: { status: 'idle' }, form: FormData) => Promise<unknown>,
  email: string,
  password: string,
): Promise<string | undefined> {
  const fd = new FormData();
  fd.append('email', email);
  fd.append('password', password);
  try {
    await signInAction({ status: 'idle' }, fd);
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (!digest?.startsWith('NEXT_REDIRECT')) throw error;
    return digest.split(';')[2];
  }
  return undefined;
}

/** What an action answered: its state, or where it redirected. */
export type ActionAnswer = {
  state?: { status: string; message?: { text: string } };
  redirect?: string;
};

/** An action called with `fields` as its form: its state, or where it redirects. */
export async function runAction(
  action: (state: { status: 'idle' }, form: FormData) => Promise<unknown>,
  fields: Record<string, string>,
): Promise<ActionAnswer> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  try {
    return { state: (await action({ status: 'idle' }, fd)) as ActionAnswer['state'] };
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (!digest?.startsWith('NEXT_REDIRECT')) throw error;
    return { redirect: digest.split(';')[2] };
  }
}

/** A confirmed creator (confirmedCreator) with the authenticator app on: the app's secret. */
export async function twoStepCreator(
  pool: LocalPool,
  email: string,
  password: string,
): Promise<string> {
  await confirmedCreator(pool, email, password);
  const { AuthenticationResult } = await pool.identity<{
    AuthenticationResult: { AccessToken: string };
  }>('InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const AccessToken = AuthenticationResult.AccessToken;
  const { SecretCode } = await pool.identity<{ SecretCode: string }>('AssociateSoftwareToken', {
    AccessToken,
  });
  // Set up with the code of the step before: the current one stays unspent for the sign-in.
  await pool.identity('VerifySoftwareToken', {
    AccessToken,
    UserCode: await previousTotpCode(SecretCode),
  });
  await pool.identity('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return SecretCode;
}
