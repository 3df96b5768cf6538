import 'server-only';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminForgetDeviceCommand,
  AdminGetUserCommand,
  AdminListDevicesCommand,
  AdminListUserAuthEventsCommand,
  ListUsersCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import type { Env } from '@/lib/runtime/env';
import { cognitoHandler, guarded, retryDelay } from './client';
import { emailRef, log } from '@/lib/runtime/log';
import { toAuthFailure } from './errors';
import { DEVICE_PAGE_SIZE, trackedDevice, type TrackedDevice } from './devices';
import {
  ACTIVITY_ATTRIBUTE,
  CHANNEL_ATTRIBUTE,
  PASSKEYS_ATTRIBUTE,
  RECOVERY_ATTRIBUTE,
} from '@/contract/local-stack';
import type { Result } from './shared';

let shared: CognitoIdentityProviderClient | undefined;

/** AdminGetUser: every account fact the server reads (kind, sub, two-step, its own records). */
export function adminGetUser(env: Env, username: string) {
  return admin(env).send(
    new AdminGetUserCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: username }),
  );
}

export function createAdminClient(env: Env) {
  const client = new CognitoIdentityProviderClient({
    region: env.COGNITO_REGION,
    endpoint: env.COGNITO_ENDPOINT,
    retryStrategy: new ConfiguredRetryStrategy(3, (attempt) => retryDelay(attempt)),
    requestHandler: cognitoHandler(env),
    ...(env.mode === 'local'
      ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return guarded(client, env, 'cognito-admin');
}

export async function inviteUser(
  env: Env,
  email: string,
  channelId: string,
): Promise<Result<{ status: string }>> {
  await removeUnconfirmed(env, email);
  try {
    const out = await admin(env).send(
      new AdminCreateUserCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          // The creator system vouches for the address; the invitation mail proves it again.
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

export function admin(env: Env) {
  shared ??= createAdminClient(env);
  return shared;
}

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

/** The account's devices, newest sign-in first: one page, for who has no token of the account. */
export async function adminListDevices(
  env: Env,
  username: string,
): Promise<Result<{ devices: TrackedDevice[] }>> {
  try {
    const out = await admin(env).send(
      new AdminListDevicesCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        Limit: DEVICE_PAGE_SIZE,
      }),
    );
    return {
      ok: true,
      value: { devices: (out.Devices ?? []).flatMap((d) => trackedDevice(d) ?? []) },
    };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'devices', env.SUPPORT_EMAIL) };
  }
}

export async function adminForgetDevice(
  env: Env,
  username: string,
  deviceKey: string,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminForgetDeviceCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        DeviceKey: deviceKey,
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'devices', env.SUPPORT_EMAIL) };
  }
}

/** The app client's write attributes leave the channel id out (decision 006). */
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

export type NativeAccount = 'none' | 'unconfirmed' | 'confirmed';

/** AdminGetUser by email never finds a federated user; `unconfirmed`: see decision 030. */
export async function nativeAccount(env: Env, email: string): Promise<Result<NativeAccount>> {
  try {
    const out = await adminGetUser(env, email);
    if (out.UserStatus === 'EXTERNAL_PROVIDER') return { ok: true, value: 'none' };
    return { ok: true, value: out.UserStatus === 'UNCONFIRMED' ? 'unconfirmed' : 'confirmed' };
  } catch (error) {
    if ((error as { name?: string })?.name === 'UserNotFoundException')
      return { ok: true, value: 'none' };
    return { ok: false, failure: toAuthFailure(error, 'signIn', env.SUPPORT_EMAIL) };
  }
}

/** The account's sub and email by any name the pool knows it by; null when it has none. */
export async function accountOf(
  env: Env,
  username: string,
): Promise<{ sub: string; email: string } | null> {
  try {
    const out = await adminGetUser(env, username);
    const read = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const [sub, email] = [read('sub'), read('email')];
    return sub && email ? { sub, email } : null;
  } catch (error) {
    log.warn('auth.account_lookup_failed', { reason: (error as { name?: string })?.name });
    return null;
  }
}

export async function accountSub(env: Env, email: string): Promise<string | null> {
  return (await accountOf(env, email))?.sub ?? null;
}

/** Decision 030. Answers whether one was deleted; a failed admin call leaves it (logged). */
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

/** ListUsers finds federated users by their email attribute (decision 015). */
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

/** The product's own records, each an admin-only attribute of the account (decisions 045–049). */
export type RecordAttribute = 'activity' | 'recovery' | 'passkeys';
const RECORD_ATTRIBUTE: Record<RecordAttribute, string> = {
  activity: ACTIVITY_ATTRIBUTE,
  recovery: RECOVERY_ATTRIBUTE,
  passkeys: PASSKEYS_ATTRIBUTE,
};

/**
 * Every record in one AdminGetUser, as the pool holds them: raw strings (or none), which the
 * features that own them parse (lib/activity, lib/two-step, lib/passkeys).
 */
export async function readRecordAttributes(
  env: Env,
  username: string,
): Promise<Result<Partial<Record<RecordAttribute, string>>>> {
  try {
    const out = await adminGetUser(env, username);
    const value = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const raw: Partial<Record<RecordAttribute, string>> = {};
    for (const [record, name] of Object.entries(RECORD_ATTRIBUTE) as [RecordAttribute, string][]) {
      const v = value(name);
      if (v !== undefined) raw[record] = v;
    }
    return { ok: true, value: raw };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL) };
  }
}

/** One record written as given; an empty value deletes it. */
export async function writeRecordAttribute(
  env: Env,
  username: string,
  record: RecordAttribute,
  value: string,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        UserAttributes: [{ Name: RECORD_ATTRIBUTE[record], Value: value }],
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'updateAttributes', env.SUPPORT_EMAIL) };
  }
}

/** A sign-in attempt as Cognito's auth events tell it (AdminListUserAuthEvents). */
export type AuthEvent = {
  /** Seconds since the epoch. */
  at: number;
  passed: boolean;
  /** Stopped at its challenge (`InProgress`; unconfirmed: local/identity/README.md). */
  inProgress?: true;
  /** A failed attempt's step, from ChallengeResponses: the password or the code. */
  failedAt?: 'password' | 'two-step';
  ip?: string;
  device?: string;
  place?: string;
};

/**
 * The account's newest sign-in attempts; undefined where the pool cannot tell (threat protection
 * off, or no admin credentials).
 */
export async function listSignInEvents(
  env: Env,
  username: string,
  max: number,
): Promise<Result<AuthEvent[] | undefined>> {
  try {
    const out = await admin(env).send(
      new AdminListUserAuthEventsCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        MaxResults: max,
      }),
    );
    const events = (out.AuthEvents ?? [])
      .filter((e) => e.EventType === 'SignIn' && e.CreationDate)
      .slice(0, max)
      .map((e): AuthEvent => {
        const c = e.EventContextData;
        const place = [c?.City, c?.Country].filter(Boolean).join(', ');
        const failed = (e.ChallengeResponses ?? []).find((r) => r.ChallengeResponse === 'Failure');
        const failedAt =
          failed?.ChallengeName === 'Password'
            ? 'password'
            : failed?.ChallengeName === 'Mfa'
              ? 'two-step'
              : undefined;
        return {
          at: Math.floor(e.CreationDate!.getTime() / 1000),
          passed: e.EventResponse === 'Pass',
          ...(e.EventResponse === 'InProgress' ? { inProgress: true as const } : {}),
          ...(e.EventResponse !== 'Pass' && failedAt ? { failedAt } : {}),
          ...(c?.IpAddress ? { ip: c.IpAddress } : {}),
          ...(c?.DeviceName && c.DeviceName !== 'Unknown' ? { device: c.DeviceName } : {}),
          ...(place ? { place } : {}),
        };
      });
    return { ok: true, value: events };
  } catch (error) {
    const failure = toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL);
    if (
      failure.name === 'UserPoolAddOnNotEnabledException' ||
      failure.name === 'AccessDeniedException' ||
      failure.name === 'CredentialsProviderError'
    )
      return { ok: true, value: undefined };
    return { ok: false, failure };
  }
}
