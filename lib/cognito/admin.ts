import 'server-only';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListUserAuthEventsCommand,
  ListUsersCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Env } from '@/lib/env';
import { retryDelay } from './client';
import { emailRef, log } from '@/lib/log';
import { toAuthFailure } from './errors';
import { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
import type { Result } from './shared';

/**
 * Admin calls, signed with the host's AWS credentials in production (the SDK's default chain), with
 * placeholders against the local identity service. The web app makes one (binding a creator's
 * channel id, which the app client may not write); operators' scripts make the others.
 */
let shared: CognitoIdentityProviderClient | undefined;

export function createAdminClient(env: Env) {
  return new CognitoIdentityProviderClient({
    region: env.COGNITO_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    retryStrategy: new ConfiguredRetryStrategy(3, (attempt) => retryDelay(attempt)),
    requestHandler: new NodeHttpHandler({
      connectionTimeout: 3000,
      requestTimeout: env.UPSTREAM_TIMEOUT_MS,
    }),
    ...(env.mode === 'local'
      ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
}

/**
 * Creates the user with a temporary password that Cognito delivers by email. An unfinished sign-up
 * for the email is replaced: the invitation's mail is the proof of the address (decision 030).
 */
export async function inviteUser(
  env: Env,
  email: string,
  channelId: string,
): Promise<Result<{ status: string }>> {
  await removeUnconfirmed(env, email);
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

function admin(env: Env) {
  shared ??= createAdminClient(env);
  return shared;
}

/**
 * Ends every session of the user (every token issued before now stops working): after a password
 * reset, before the person is signed in afresh, no one holding an old session keeps it.
 */
export async function signOutUserEverywhere(env: Env, username: string): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminUserGlobalSignOutCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'signOut', env.SUPPORT_EMAIL) };
  }
}

/**
 * Sets the channel id: the one attribute that decides whose analytics a creator sees. The app
 * client cannot write it (its write attributes leave it out), so only this admin call can.
 */
export async function bindChannel(
  env: Env,
  username: string,
  channelId: string,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: channelId }],
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'bindChannel', env.SUPPORT_EMAIL) };
  }
}

/** A native (password) account's state, found by its email; `none` when there is none. */
export type NativeAccount = 'none' | 'unconfirmed' | 'confirmed';

/**
 * The native account of this email, found by `AdminGetUser` on the email (which never finds a
 * federated user): `unconfirmed` when its sign-up code was never entered, so nobody has proved the
 * address yet (docs/decisions/030-whoever-proves-the-address.md).
 */
export async function nativeAccount(env: Env, email: string): Promise<Result<NativeAccount>> {
  try {
    const out = await admin(env).send(
      new AdminGetUserCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: email }),
    );
    if (out.UserStatus === 'EXTERNAL_PROVIDER') return { ok: true, value: 'none' };
    return { ok: true, value: out.UserStatus === 'UNCONFIRMED' ? 'unconfirmed' : 'confirmed' };
  } catch (error) {
    if ((error as { name?: string })?.name === 'UserNotFoundException')
      return { ok: true, value: 'none' };
    return { ok: false, failure: toAuthFailure(error, 'signIn', env.SUPPORT_EMAIL) };
  }
}

/** The sub of the native account of this email (for a notice about it); null where unknown. */
export async function accountSub(env: Env, email: string): Promise<string | null> {
  try {
    const out = await admin(env).send(
      new AdminGetUserCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: email }),
    );
    return out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (error) {
    log.warn('auth.account_lookup_failed', { reason: (error as { name?: string })?.name });
    return null;
  }
}

/**
 * Deletes the native account of this email if it is still unconfirmed: a sign-up nobody finished
 * holds no one's data, and a proof of the address (a new sign-up's code, Google, an invitation)
 * must not inherit the password someone else chose for it (decision 030). Answers whether one was
 * deleted; an admin call that fails leaves the account as it is (logged).
 */
export async function removeUnconfirmed(env: Env, email: string): Promise<boolean> {
  const found = await nativeAccount(env, email);
  if (!found.ok) {
    log.error('auth.unconfirmed_check_failed', { reason: found.failure.name });
    return false;
  }
  if (found.value !== 'unconfirmed') return false;
  const deleted = await deleteUser(env, email);
  if (!deleted.ok) {
    log.error('auth.unconfirmed_delete_failed', { reason: deleted.failure.name });
    return false;
  }
  log.warn('auth.unconfirmed_replaced', { account: emailRef(email) });
  return true;
}

/**
 * Deletes a user by username: a federated user whose sign-in the product refused before it ever
 * completed, so a refusal leaves no account behind.
 */
export async function deleteUser(env: Env, username: string): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminDeleteUserCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: username }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'signIn', env.SUPPORT_EMAIL) };
  }
}

/**
 * Whether a user that signs in with Google has this email (ListUsers finds federated users by
 * their email attribute; a sign-up with a password for it would make a second account).
 */
export async function signsInWithGoogle(env: Env, email: string): Promise<Result<boolean>> {
  try {
    const quoted = email.replace(/["\\]/g, (c) => `\\${c}`);
    const out = await admin(env).send(
      new ListUsersCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Filter: `email = "${quoted}"`,
        AttributesToGet: ['email'],
        Limit: 60,
      }),
    );
    return {
      ok: true,
      value: (out.Users ?? []).some(
        (u) => u.UserStatus === 'EXTERNAL_PROVIDER' && u.Username?.startsWith('Google_'),
      ),
    };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'signUp', env.SUPPORT_EMAIL) };
  }
}

/** One sign-in attempt as the pool's threat protection recorded it. */
export type SignInEvent = {
  /** Seconds since the epoch. */
  at: number;
  passed: boolean;
  ip?: string;
  device?: string;
  place?: string;
};

/** Spec: the activity card lists the last 10 sign-ins. */
export const RECENT_SIGN_INS = 10;

/**
 * The user's most recent sign-in attempts (AdminListUserAuthEvents). Undefined where the pool
 * cannot tell: threat protection off (UserPoolAddOnNotEnabledException), or no admin credentials.
 */
export async function recentSignIns(
  env: Env,
  username: string,
): Promise<Result<SignInEvent[] | undefined>> {
  try {
    const out = await admin(env).send(
      new AdminListUserAuthEventsCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        MaxResults: RECENT_SIGN_INS,
      }),
    );
    const events = (out.AuthEvents ?? [])
      .filter((e) => e.EventType === 'SignIn' && e.CreationDate)
      .slice(0, RECENT_SIGN_INS)
      .map((e): SignInEvent => {
        const c = e.EventContextData;
        const place = [c?.City, c?.Country].filter(Boolean).join(', ');
        return {
          at: Math.floor(e.CreationDate!.getTime() / 1000),
          passed: e.EventResponse === 'Pass',
          ...(c?.IpAddress ? { ip: c.IpAddress } : {}),
          ...(c?.DeviceName && c.DeviceName !== 'Unknown' ? { device: c.DeviceName } : {}),
          ...(place ? { place } : {}),
        };
      });
    return { ok: true, value: events };
  } catch (error) {
    const failure = toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL);
    // Not a fault: this pool (or this host's credentials) does not offer the records.
    if (
      failure.name === 'UserPoolAddOnNotEnabledException' ||
      failure.name === 'AccessDeniedException' ||
      failure.name === 'CredentialsProviderError'
    )
      return { ok: true, value: undefined };
    return { ok: false, failure };
  }
}
