import 'server-only';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { createHmac } from 'node:crypto';
import { getEnv, type Env } from '@/lib/env';

/** docs/product.md §9.3. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(5000, 100 * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export function createCognitoClient(env: Env) {
  return new CognitoIdentityProviderClient({
    region: env.COGNITO_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    retryStrategy: new ConfiguredRetryStrategy(3, (attempt) => retryDelay(attempt)),
    requestHandler: new NodeHttpHandler({
      connectionTimeout: Math.min(env.UPSTREAM_TIMEOUT_MS, 3000),
      requestTimeout: env.UPSTREAM_TIMEOUT_MS,
    }),
    // These calls are unsigned: the SDK must not look for AWS credentials on the host.
    credentials: { accessKeyId: 'unused', secretAccessKey: 'unused' },
  });
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
