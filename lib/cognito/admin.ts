import 'server-only';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Env } from '@/lib/env';
import { retryDelay } from './client';
import { toAuthFailure } from './errors';
import { CHANNEL_ATTRIBUTE, type Result } from './index';

/**
 * Admin calls (operators' scripts only, never a page): signed with the host's AWS credentials in
 * production (the SDK's default chain), with placeholders against the local identity service.
 */
export function createAdminClient(env: Env) {
  return new CognitoIdentityProviderClient({
    region: env.COGNITO_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    retryStrategy: new ConfiguredRetryStrategy(3, (attempt) => retryDelay(attempt)),
    requestHandler: new NodeHttpHandler({ connectionTimeout: 3000, requestTimeout: env.UPSTREAM_TIMEOUT_MS }),
    ...(env.mode === 'local' ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

/** Creates the user with a temporary password that Cognito delivers by email. */
export async function inviteUser(env: Env, email: string, channelId: string): Promise<Result<{ status: string }>> {
  try {
    const out = await createAdminClient(env).send(
      new AdminCreateUserCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          // The creator system already vouches for the address; the invitation mail proves it again.
          { Name: 'email_verified', Value: 'true' },
          { Name: CHANNEL_ATTRIBUTE, Value: channelId },
        ],
      }),
    );
    return { ok: true, value: { status: out.User?.UserStatus ?? 'FORCE_CHANGE_PASSWORD' } };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'signUp', env.SUPPORT_EMAIL) };
  }
}
