import 'server-only';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { createHmac } from 'node:crypto';
import { getEnv, type Env } from '@/lib/runtime/env';
import { timedUpstream } from '@/lib/runtime/metrics';
import { sharedUpstreamGuard } from '@/lib/upstream/guard';

/** docs/product.md §9.3. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(5000, 100 * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Each attempt times out (the SDK only warns unless told to throw), and so does a stalled body. */
export function cognitoHandler(env: Pick<Env, 'UPSTREAM_TIMEOUT_MS'>) {
  return new NodeHttpHandler({
    connectionTimeout: Math.min(env.UPSTREAM_TIMEOUT_MS, 3000),
    requestTimeout: env.UPSTREAM_TIMEOUT_MS,
    socketTimeout: env.UPSTREAM_TIMEOUT_MS,
    throwOnRequestTimeout: true,
  });
}

/** The operation's name from the command's schema (class names do not survive minifying). */
export function operationOf(command: unknown): string {
  const schema = (command as { schema?: unknown } | null)?.schema;
  const name = Array.isArray(schema) ? schema[2] : (schema as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && /^\w{1,64}$/.test(name) ? name : 'unknown';
}

/** Every call, its retries included, answers within UPSTREAM_TIMEOUT_MS (docs/product.md §9.3). */
export function guarded<C extends CognitoIdentityProviderClient>(
  client: C,
  env: Env,
  name: 'cognito' | 'cognito-admin',
): C {
  const run = sharedUpstreamGuard(
    `${name} ${env.COGNITO_ENDPOINT ?? env.COGNITO_REGION} ${env.UPSTREAM_TIMEOUT_MS}`,
    name,
    env.UPSTREAM_TIMEOUT_MS,
  );
  type Send = (command: unknown, options?: { abortSignal?: AbortSignal }) => Promise<unknown>;
  const send = client.send.bind(client) as Send;
  const guardedSend: Send = (command, options) => {
    if (typeof options === 'function') throw new TypeError('send takes no callback here');
    const operation = operationOf(command);
    // The caller's own signal is followed by the guard, whose timer is what ends the call.
    return timedUpstream(name, operation, () =>
      run((signal) => send(command, { ...options, abortSignal: signal }), {
        signal: options?.abortSignal,
      }),
    );
  };
  client.send = guardedSend as C['send'];
  return client;
}

export function createCognitoClient(env: Env) {
  const client = new CognitoIdentityProviderClient({
    region: env.COGNITO_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    retryStrategy: new ConfiguredRetryStrategy(3, (attempt) => retryDelay(attempt)),
    requestHandler: cognitoHandler(env),
    // These calls are unsigned: the SDK must not look for AWS credentials on the host.
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
  return guarded(client, env, 'cognito');
}

let client: CognitoIdentityProviderClient | undefined;

export function cognito(): CognitoIdentityProviderClient {
  client ??= createCognitoClient(getEnv());
  return client;
}

/** SECRET_HASH for confidential app clients: base64(HMAC-SHA256(secret, username + clientId)). */
export function secretHash(
  username: string,
  env: Pick<Env, 'COGNITO_CLIENT_ID' | 'COGNITO_CLIENT_SECRET'> = getEnv(),
) {
  if (!env.COGNITO_CLIENT_SECRET) return undefined;
  return createHmac('sha256', env.COGNITO_CLIENT_SECRET)
    .update(username + env.COGNITO_CLIENT_ID)
    .digest('base64');
}
