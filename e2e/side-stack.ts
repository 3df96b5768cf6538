import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_ATTRIBUTE, LOCAL_STACK } from '../contract/local-stack';
import { expect, STRONG_PASSWORD, uniqueEmail } from './fixtures';
import { e2ePorts } from './ports';

/**
 * A whole stack of a file's own beside the run's (scripts/start.mjs on ports `offset` above the
 * run's, on a fresh data folder): for pool settings that are the pool's, or the cluster
 * (`cluster: true`, start.mjs --cluster). Each file starts one in beforeAll and stops it in
 * afterAll.
 */
export type SideStack = {
  web: string;
  identity: string;
  creator: string;
  ports: { web: number; identity: number; creator: number; embed: number; redis: number };
  dataDir: string;
  /** The services start.mjs --cluster runs and their process ids (cluster.json). */
  services(): Record<string, { pid: number | null; port?: number }>;
  /** A service's log (STACK_LOG_DIR), e.g. 'web1' or 'local-identity'. */
  log(name: string): string;
  stop(): Promise<void>;
  /** SIGTERM to the launcher alone, as a supervisor sends it; answers its exit code. */
  terminate(): Promise<number | null>;
};

export async function startSideStack({
  offset,
  env = {},
  cluster = false,
}: {
  offset: number;
  env?: Record<string, string>;
  cluster?: boolean;
}): Promise<SideStack> {
  const base = e2ePorts();
  const ports = {
    web: base.web + offset,
    identity: base.identity + offset,
    creator: base.creator + offset,
    embed: base.embed + offset,
    redis: 10_000 + base.web + offset,
  };
  const dataDir = `.data/e2e-side-${ports.web}`;
  rmSync(dataDir, { recursive: true, force: true });
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/start.mjs', ...(cluster ? ['--cluster'] : [])],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        PORT: String(ports.web),
        LOCAL_IDENTITY_PORT: String(ports.identity),
        LOCAL_CREATOR_PORT: String(ports.creator),
        LOCAL_EMBED_PORT: String(ports.embed),
        LOCAL_REDIS_PORT: String(ports.redis),
        LOCAL_DATA_DIR: dataDir,
        STACK_LOG_DIR: `${dataDir}/logs`,
        TRUSTED_PROXY_HOPS: '1',
        UPSTREAM_TIMEOUT_MS: '4000',
        ...env,
      },
    },
  );
  // What start.mjs says (the last few kB), for a start that fails.
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    });
  const web = `http://127.0.0.1:${ports.web}`;
  let exited = false;
  const exitCode = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  await expect
    .poll(
      async () => {
        if (exited) return `start.mjs stopped:\n${output}`;
        try {
          return (await fetch(`${web}/api/health`)).ok ? 'up' : 'starting';
        } catch {
          return 'starting';
        }
      },
      { timeout: 170_000, intervals: [500], message: 'the side stack starts' },
    )
    .toBe('up');
  return {
    web,
    identity: `http://127.0.0.1:${ports.identity}`,
    creator: `http://127.0.0.1:${ports.creator}`,
    ports,
    dataDir,
    services: () => JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')),
    log: (name) => {
      try {
        return readFileSync(path.join(dataDir, 'logs', `${name}.log`), 'utf8');
      } catch {
        return '';
      }
    },
    terminate() {
      if (child.pid && !exited) process.kill(child.pid, 'SIGTERM');
      return exitCode;
    },
    async stop() {
      if (!child.pid || exited) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      // start.mjs exits once its services have drained and closed their ports: a retry of the
      // file starts its stack on the same ports.
      const gone = await Promise.race([
        exitCode.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 45_000)),
      ]);
      if (!gone)
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
    },
  };
}

/** One call of the stack's identity service, which must succeed. */
export async function identityCall(stack: SideStack, op: string, body: object) {
  // The stack's app client, as its pool publishes it: a public call carries SecretHash.
  const client = (await (await fetch(`${stack.identity}/__local/app-client`)).json()) as {
    clientSecret?: string;
  };
  const named = body as { ClientId?: string; Username?: string };
  const SecretHash =
    client.clientSecret && named.ClientId && typeof named.Username === 'string'
      ? createHmac('sha256', client.clientSecret)
          .update(named.Username + named.ClientId)
          .digest('base64')
      : undefined;
  const res = await fetch(stack.identity, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(SecretHash ? { SecretHash, ...body } : body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.ok, `${op}: ${JSON.stringify(json)}`).toBeTruthy();
  return json;
}

/** A creator with a confirmed account (no two-step method) on the stack; answers the email. */
export async function confirmedAccountOn(stack: SideStack, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await fetch(`${stack.creator}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const creator = (await res.json()) as { id: string };
  await identityCall(stack, 'SignUp', {
    ClientId: LOCAL_STACK.clientId,
    Username: email,
    Password: STRONG_PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await identityCall(stack, 'AdminUpdateUserAttributes', {
    UserPoolId: LOCAL_STACK.poolId,
    Username: email,
    UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: creator.id }],
  });
  const outbox = (await (
    await fetch(`${stack.identity}/__local/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { purpose: string; code: string }[];
  const code = outbox.find((m) => m.purpose === 'signup')!.code;
  await identityCall(stack, 'ConfirmSignUp', {
    ClientId: LOCAL_STACK.clientId,
    Username: email,
    ConfirmationCode: code,
  });
  return email;
}
