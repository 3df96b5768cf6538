/** What the conformance suites share: the pool under test (local or real) and small helpers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { CHANNEL_ATTRIBUTE, CLIENT_ID, POOL_ID } from './config';
import { LOCAL_OPERATOR_CREDENTIALS } from './iam';
import { startIdentityServer, type IdentityServer } from './server';
import { modelViolations } from './service-model';
import { passwordClient } from './srp';
import type { PoolSettings } from './settings';
import type { OutboxMessage } from './store';

export interface LocalControls {
  url: string;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  now(): number;
  outbox(to?: string): Promise<OutboxMessage[]>;
  /** The newest code sent to `to` for `purpose`. */
  code(to: string, purpose: OutboxMessage['purpose']): Promise<string>;
  /** Lines the server logged. */
  logs: string[];
  /** Stops the server and starts it again on the same port and data. */
  restart(): Promise<void>;
  post(pathname: string, body: unknown): Promise<{ status: number; body: unknown }>;
}

export interface PoolTarget {
  kind: 'local' | 'real';
  client: CognitoIdentityProviderClient;
  poolId: string;
  clientId: string;
  /** The app client's secret when it is confidential: calls then carry SECRET_HASH. */
  clientSecret?: string;
  /** Present only for the local pool: the hooks a real pool does not have. */
  local?: LocalControls;
  close(): Promise<void>;
}

export const PASSWORD = 'Sup3r-secret!';

export function uniqueEmail(label: string): string {
  return `conf-${label}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

/** SECRET_HASH for `username` when the target's app client has a secret, else undefined. */
export function secretHash(target: PoolTarget, username: string): string | undefined {
  if (!target.clientSecret) return undefined;
  return createHmac('sha256', target.clientSecret)
    .update(username + target.clientId)
    .digest('base64');
}

/**
 * The USERNAME an answer to `challenge` gives: the pool's username its parameters name, as AWS's
 * clients take it (amplify-js setActiveSignInUsername(USERNAME ?? USER_ID_FOR_SRP)); else `known`.
 */
export function answerName(
  challenge: { ChallengeParameters?: Record<string, string> },
  known: string,
): string {
  const p = challenge.ChallengeParameters;
  return p?.USERNAME || p?.USER_ID_FOR_SRP || known;
}

/** `{ SECRET_HASH }` for AuthParameters / ChallengeResponses, or nothing for a public client. */
export function hashParam(target: PoolTarget, username: string): { SECRET_HASH?: string } {
  const hash = secretHash(target, username);
  return hash ? { SECRET_HASH: hash } : {};
}

/**
 * Adds the SECRET_HASH a confidential client needs to every call that names `clientId` and a user
 * but carries none, over the name it gives (an answer after the password must give the pool's
 * username: answerName). A call that sets the key itself, even to undefined, is left as it is.
 */
export function signCalls(
  client: CognitoIdentityProviderClient,
  clientId: string,
  secret?: string,
) {
  if (!secret) return client;
  const hash = (name: string) =>
    createHmac('sha256', secret)
      .update(name + clientId)
      .digest('base64');
  client.middlewareStack.add(
    (next) => (args) => {
      const input = args.input as Record<string, unknown>;
      if (input.ClientId === clientId) {
        if (typeof input.Username === 'string' && !('SecretHash' in input))
          input.SecretHash = hash(input.Username);
        for (const key of ['AuthParameters', 'ChallengeResponses']) {
          const params = input[key] as Record<string, string> | undefined;
          if (params?.USERNAME && !('SECRET_HASH' in params))
            input[key] = { ...params, SECRET_HASH: hash(params.USERNAME) };
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'conformanceSecretHash' },
  );
  return client;
}

/** An in-process local pool; `settings` configure it like a real pool's (defaults otherwise). */
export async function startLocalTarget(settings: Partial<PoolSettings> = {}): Promise<PoolTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'identity-conformance-'));
  let offset = 0;
  const now = () => Date.now() + offset;
  const logs: string[] = [];
  // Every answer is checked against AWS's published model; what disagrees fails at close.
  const violations = new Set<string>();
  const start = (port = 0) =>
    startIdentityServer({
      port,
      dataDir,
      now,
      log: (line) => logs.push(line),
      scryptLogN: 10,
      observe: (operation, status, body) => {
        for (const v of modelViolations(operation, status, body)) violations.add(v);
      },
      settings,
    });
  let server: IdentityServer = await start();
  // The app client as the pool publishes it (GET /__local/app-client), as the stack's tests read it.
  const published = (await (await fetch(`${server.url}/__local/app-client`)).json()) as {
    clientSecret?: string;
  };
  const makeClient = () =>
    signCalls(
      new CognitoIdentityProviderClient({
        region: 'us-east-1',
        endpoint: server.url,
        // The operator: every administrator action (iam.ts); the host's are the README's only.
        credentials: LOCAL_OPERATOR_CREDENTIALS,
        maxAttempts: 1,
      }),
      CLIENT_ID,
      published.clientSecret,
    );
  const outbox = async (to?: string) => {
    const res = await fetch(
      `${server.url}/__local/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
    );
    return (await res.json()) as OutboxMessage[];
  };
  const local: LocalControls = {
    get url() {
      return server.url;
    },
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    now,
    outbox,
    code: async (to, purpose) => {
      const message = (await outbox(to)).find((m) => m.purpose === purpose);
      if (!message) throw new Error(`no ${purpose} message for ${to}`);
      return message.code;
    },
    logs,
    restart: async () => {
      const { port } = server;
      await server.close();
      server = await start(port);
      // The old client's kept-alive sockets died with the server.
      target.client.destroy();
      target.client = makeClient();
    },
    post: async (pathname, body) => {
      const res = await fetch(`${server.url}${pathname}`, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    },
  };
  const target: PoolTarget = {
    kind: 'local',
    client: makeClient(),
    poolId: POOL_ID,
    clientId: CLIENT_ID,
    clientSecret: published.clientSecret,
    local,
    close: async () => {
      target.client.destroy();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (violations.size > 0)
        throw new Error(
          `answers that disagree with AWS's service model:\n${[...violations].join('\n')}`,
        );
    },
  };
  return target;
}

/** The real pool named by CONFORMANCE_USER_POOL_ID / CONFORMANCE_CLIENT_ID, or undefined. */
export function realTargetConfig(): { poolId: string; clientId: string } | undefined {
  const poolId = process.env.CONFORMANCE_USER_POOL_ID?.trim();
  const clientId = process.env.CONFORMANCE_CLIENT_ID?.trim();
  return poolId && clientId ? { poolId, clientId } : undefined;
}

export type RealProfile = 'default' | 'strict' | 'rotation' | 'devices' | 'mfa' | 'template';

/**
 * The real pool's app client for a conformance profile (README: "Real-pool runs"): the default
 * client (CONFORMANCE_CLIENT_ID), the strict one (CONFORMANCE_STRICT_CLIENT_ID and
 * CONFORMANCE_STRICT_CLIENT_SECRET) or the rotating one (CONFORMANCE_ROTATION_CLIENT_ID), all on
 * CONFORMANCE_USER_POOL_ID; undefined when not configured.
 */
export function realProfileConfig(
  profile: RealProfile,
): { poolId: string; clientId: string; clientSecret?: string } | undefined {
  const env = (name: string) => process.env[name]?.trim() || undefined;
  if (profile === 'template') {
    // A disposable pool made from infra/user-pool.yaml (npm run conformance sets these).
    const poolId = env('CONFORMANCE_TEMPLATE_USER_POOL_ID');
    const clientId = env('CONFORMANCE_TEMPLATE_CLIENT_ID');
    const clientSecret = env('CONFORMANCE_TEMPLATE_CLIENT_SECRET');
    return poolId && clientId
      ? { poolId, clientId, ...(clientSecret ? { clientSecret } : {}) }
      : undefined;
  }
  if (profile === 'mfa') {
    // SMS and email MFA are pool settings (an SMS role, SES email, a feature plan): a pool of its own.
    const poolId = env('CONFORMANCE_MFA_USER_POOL_ID');
    const clientId = env('CONFORMANCE_MFA_CLIENT_ID');
    return poolId && clientId ? { poolId, clientId } : undefined;
  }
  if (profile === 'devices') {
    // Device tracking is a pool setting: a pool of its own (remember devices: user opt-in).
    const poolId = env('CONFORMANCE_DEVICES_USER_POOL_ID');
    const clientId = env('CONFORMANCE_DEVICES_CLIENT_ID');
    return poolId && clientId ? { poolId, clientId } : undefined;
  }
  const base = realTargetConfig();
  if (!base || profile === 'default') return base;
  if (profile === 'rotation') {
    const clientId = env('CONFORMANCE_ROTATION_CLIENT_ID');
    return clientId ? { poolId: base.poolId, clientId } : undefined;
  }
  const clientId = env('CONFORMANCE_STRICT_CLIENT_ID');
  const clientSecret = env('CONFORMANCE_STRICT_CLIENT_SECRET');
  return clientId && clientSecret ? { poolId: base.poolId, clientId, clientSecret } : undefined;
}

export async function startRealTarget(profile: RealProfile = 'default'): Promise<PoolTarget> {
  const config = realProfileConfig(profile);
  if (!config)
    throw new Error(`the real pool for the ${profile} conformance suite is not configured`);
  // CONFORMANCE_ENDPOINT only serves to check the real-pool variant itself against a running local service.
  const endpoint = process.env.CONFORMANCE_ENDPOINT?.trim() || undefined;
  const client = signCalls(
    new CognitoIdentityProviderClient({
      region: config.poolId.split('_')[0],
      maxAttempts: 3,
      endpoint,
    }),
    config.clientId,
    config.clientSecret,
  );
  return { kind: 'real', client, ...config, close: async () => client.destroy() };
}

/** Confirmed user through AdminCreateUser + NEW_PASSWORD_REQUIRED (works on a real pool too). */
export async function createConfirmedUser(
  target: PoolTarget,
  options: { email?: string; name?: string; channelId?: string; password?: string } = {},
): Promise<{ email: string; password: string; tokens: AuthenticationResultType }> {
  const email = options.email ?? uniqueEmail('user');
  const password = options.password ?? PASSWORD;
  const temporary = `Tmp-${randomBytes(6).toString('hex')}!A1`;
  await target.client.send(
    new AdminCreateUserCommand({
      UserPoolId: target.poolId,
      Username: email,
      TemporaryPassword: temporary,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: options.name ?? 'Conformance User' },
        { Name: CHANNEL_ATTRIBUTE, Value: options.channelId ?? 'cm-conf-0001' },
      ],
    }),
  );
  const challenge = await signIn(target, email, temporary);
  const username = answerName(challenge, email);
  const done = await target.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: target.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: {
        USERNAME: username,
        NEW_PASSWORD: password,
        ...hashParam(target, username),
      },
    }),
  );
  if (!done.AuthenticationResult) throw new Error('no tokens after NEW_PASSWORD_REQUIRED');
  return { email, password, tokens: done.AuthenticationResult };
}

/**
 * A password sign-in as AWS's own clients make it (USER_SRP_AUTH, then PASSWORD_VERIFIER, signed
 * by this stack's SRP client, srp.ts): what comes after the password, a challenge or tokens. `extra`
 * goes into both calls' parameters (DEVICE_KEY), `ip` into both as UserContextData.
 */
export async function signIn(
  target: PoolTarget,
  email: string,
  password: string,
  extra: Record<string, string> = {},
  ip?: string,
) {
  const context = ip ? { UserContextData: { IpAddress: ip } } : {};
  const proof = passwordClient(target.poolId.slice(target.poolId.indexOf('_') + 1), password);
  const started = await target.client.send(
    new InitiateAuthCommand({
      ClientId: target.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: proof.srpA, ...extra, ...hashParam(target, email) },
      ...context,
    }),
  );
  if (started.ChallengeName !== 'PASSWORD_VERIFIER')
    throw new Error(`USER_SRP_AUTH answered ${started.ChallengeName ?? 'tokens'}`);
  const { signature, timestamp, userId } = proof.answer(started.ChallengeParameters ?? {});
  return target.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: target.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: started.Session,
      ChallengeResponses: {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: started.ChallengeParameters?.SECRET_BLOCK ?? '',
        PASSWORD_CLAIM_SIGNATURE: signature,
        TIMESTAMP: timestamp,
        ...extra,
        ...hashParam(target, userId),
      },
      ...context,
    }),
  );
}

/** The error a promise rejects with, as `{ name, message }` (fails when it resolves). */
export async function failure(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as Error;
    return { name: e.name, message: e.message };
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export function decodeJwt(token: string | undefined): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
} {
  const [header, payload] = (token ?? '').split('.');
  const decode = (part: string | undefined) =>
    JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload) };
}
