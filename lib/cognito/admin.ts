import 'server-only';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListUserAuthEventsCommand,
  AdminSetUserMFAPreferenceCommand,
  ListUsersCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  GetUserPoolMfaConfigCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import type { Env } from '@/lib/runtime/env';
import { cognitoHandler, guarded, retryDelay } from './client';
import { emailRef, log } from '@/lib/runtime/log';
import { toAuthFailure } from './errors';
import { CHANNEL_ATTRIBUTE, PASSKEYS_ATTRIBUTE, RECOVERY_ATTRIBUTE } from '@/contract/local-stack';
import { parseNotes, serialiseNotes, type PasskeyNotes } from '@/lib/passkeys/notes';
import { parseRecord, serialiseRecord, type RecoveryRecord } from '@/lib/two-step/recovery';
import type { Result } from './shared';
import { TWO_STEP_METHODS, type TwoStepMethod } from '@/lib/validation/two-step-methods';
import {
  ACTIVITY_ATTRIBUTE,
  labelEvents,
  type SignInWay,
  parseProofs,
  TWO_STEP_UNFINISHED,
  withProof,
  type ProofRecord,
} from '@/lib/activity';

let shared: CognitoIdentityProviderClient | undefined;

/** AdminGetUser: every account fact the server reads (kind, sub, two-step, its own records). */
function adminGetUser(env: Env, username: string) {
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

function admin(env: Env) {
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

export type SignInEvent = {
  /** Seconds since the epoch. */
  at: number;
  passed: boolean;
  /** The right password, and the two-step code never given (lib/auth/unfinished.ts). */
  unfinished?: true;
  ip?: string;
  device?: string;
  place?: string;
  /** A password confirmation in the profile, not a sign-in (decision 045). */
  proof?: { op: string; browser?: string };
  /** How it was made, from the product's own record (decision 058). */
  way?: { how: SignInWay; browser?: string };
  /** A failed attempt's step, from Cognito's ChallengeResponses: the password or the code. */
  failedAt?: 'password' | 'two-step';
};

/** What the product keeps about an account in its admin-only attributes (decisions 045, 046, 049). */
export type AccountRecords = {
  proofs: ProofRecord[];
  /** `null` for no recovery codes, or a record that cannot be read. */
  recovery: RecoveryRecord | null;
  passkeys: PasskeyNotes;
};

/** Every record in one AdminGetUser; a value that cannot be read counts as none. */
export async function readRecords(env: Env, username: string): Promise<Result<AccountRecords>> {
  try {
    const out = await adminGetUser(env, username);
    const value = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    return {
      ok: true,
      value: {
        proofs: parseProofs(value(ACTIVITY_ATTRIBUTE)),
        recovery: parseRecord(value(RECOVERY_ATTRIBUTE)),
        passkeys: parseNotes(value(PASSKEYS_ATTRIBUTE)),
      },
    };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL) };
  }
}

/** One admin-only attribute written; an empty value deletes it. */
async function writeAttribute(
  env: Env,
  username: string,
  name: string,
  value: string,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        UserAttributes: [{ Name: name, Value: value }],
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'updateAttributes', env.SUPPORT_EMAIL) };
  }
}

async function readProofs(env: Env, username: string): Promise<ProofRecord[]> {
  const records = await readRecords(env, username);
  if (records.ok) return records.value.proofs;
  log.warn('activity.read_failed', { reason: records.failure.name });
  return [];
}

/**
 * Adds a password confirmation to the account's record (decision 045). A pool without the
 * attribute refuses the write: logged, and the confirmation then reads as a sign-in.
 */
export async function recordProof(env: Env, username: string, proof: ProofRecord): Promise<void> {
  const kept = await readProofs(env, username);
  const written = await writeAttribute(env, username, ACTIVITY_ATTRIBUTE, withProof(kept, proof));
  if (!written.ok) log.warn('activity.record_failed', { reason: written.failure.name });
}

export const RECENT_SIGN_INS = 10;

/**
 * Undefined where the pool cannot tell: threat protection off, or no admin credentials. `proofs`
 * lets a caller that read the account's records already pass them on.
 */
export async function recentSignIns(
  env: Env,
  username: string,
  proofs: Promise<ProofRecord[]> = readProofs(env, username),
): Promise<Result<SignInEvent[] | undefined>> {
  // `proofs` never rejects (a failed read counts as no record), so it may wait beside the events.
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
          // A sign-in stopped at its challenge (unconfirmed: local/identity/README.md).
          ...(e.EventResponse === 'InProgress' ? { unfinished: true as const } : {}),
          ...(e.EventResponse !== 'Pass' && failedAt ? { failedAt } : {}),
          ...(c?.IpAddress ? { ip: c.IpAddress } : {}),
          ...(c?.DeviceName && c.DeviceName !== 'Unknown' ? { device: c.DeviceName } : {}),
          ...(place ? { place } : {}),
        };
      });
    const kept = await proofs;
    // Someone had the password and stopped at two-step: a row of its own, newest first.
    // Where Cognito lists the attempt itself (InProgress), the record only names its browser.
    const unfinished: SignInEvent[] = [];
    for (const p of kept.filter((r) => r.op === TWO_STEP_UNFINISHED)) {
      const listed = events.find((e) => e.unfinished && e.at >= p.t - 30 && e.at <= p.t + 300);
      if (!listed)
        unfinished.push({
          at: p.t,
          passed: false,
          unfinished: true,
          ...(p.b ? { device: p.b } : {}),
        });
      else if (!listed.device && p.b) listed.device = p.b;
    }
    const labelled = labelEvents(events, kept);
    return {
      ok: true,
      value: [...labelled, ...unfinished].sort((a, b) => b.at - a.at).slice(0, RECENT_SIGN_INS),
    };
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

/** The account's recovery codes (decision 046); `null` for none, or a record that cannot be read. */
export async function readRecovery(
  env: Env,
  username: string,
): Promise<Result<RecoveryRecord | null>> {
  const records = await readRecords(env, username);
  return records.ok ? { ok: true, value: records.value.recovery } : records;
}

/** What the pool does not keep about the account's passkeys (decision 049). */
export async function readPasskeyNotes(env: Env, username: string): Promise<Result<PasskeyNotes>> {
  const records = await readRecords(env, username);
  return records.ok ? { ok: true, value: records.value.passkeys } : records;
}

export function writePasskeyNotes(
  env: Env,
  username: string,
  notes: PasskeyNotes,
): Promise<Result<void>> {
  return writeAttribute(env, username, PASSKEYS_ATTRIBUTE, serialiseNotes(notes));
}

/** Writes the record, or removes it (`null`). */
export function writeRecovery(
  env: Env,
  username: string,
  record: RecoveryRecord | null,
): Promise<Result<void>> {
  return writeAttribute(env, username, RECOVERY_ATTRIBUTE, record ? serialiseRecord(record) : '');
}

const POOL_CONFIG_FOR_MS = 10 * 60_000;
let passkeyFactor: { counts: boolean; until: number } | undefined;

/**
 * Whether the pool counts a passkey that verified its owner as two-step
 * (GetUserPoolMfaConfig: WebAuthnConfiguration.FactorConfiguration
 * MULTI_FACTOR_WITH_USER_VERIFICATION). Asked once in 10 minutes; unanswered, false, not kept.
 */
export async function passkeysCountAsTwoStep(env: Env): Promise<boolean> {
  if (passkeyFactor && passkeyFactor.until > Date.now()) return passkeyFactor.counts;
  try {
    const out = await admin(env).send(
      new GetUserPoolMfaConfigCommand({ UserPoolId: env.COGNITO_USER_POOL_ID }),
    );
    const counts =
      out.WebAuthnConfiguration?.FactorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION';
    passkeyFactor = { counts, until: Date.now() + POOL_CONFIG_FOR_MS };
    return counts;
  } catch (error) {
    log.warn('pool.mfa_config_failed', { reason: (error as { name?: string })?.name });
    return false;
  }
}

/** Every two-step method off, for a creator who proved the password and a recovery code. */
export async function turnOffTwoStepFor(env: Env, username: string): Promise<Result<void>> {
  const passkeys = await passkeysCountAsTwoStep(env);
  try {
    await admin(env).send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        SMSMfaSettings: { Enabled: false, PreferredMfa: false },
        EmailMfaSettings: { Enabled: false, PreferredMfa: false },
        // Passkey MFA goes with the last other method (WebAuthnMfaSettingsType).
        ...(passkeys ? { WebAuthnMfaSettings: { Enabled: false } } : {}),
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'mfaMethodOff', env.SUPPORT_EMAIL) };
  }
}

export type AdminTwoStep = {
  methods: TwoStepMethod[];
  preferred?: TwoStepMethod;
  /** Where codes go: the verified phone number and the email (to show them masked). */
  phone?: string;
  email?: string;
};

const TWO_STEP_NAMES: readonly string[] = TWO_STEP_METHODS;
const isMethod = (m: string | undefined): m is TwoStepMethod =>
  m !== undefined && TWO_STEP_NAMES.includes(m);

/** The two-step methods an account has on, and the one Cognito asks for first. */
export async function twoStepOf(env: Env, username: string): Promise<Result<AdminTwoStep>> {
  try {
    const out = await adminGetUser(env, username);
    const preferred = out.PreferredMfaSetting;
    const read = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const phone = read('phone_number_verified') === 'true' ? read('phone_number') : undefined;
    const email = read('email');
    return {
      ok: true,
      value: {
        methods: (out.UserMFASettingList ?? []).filter(isMethod),
        ...(isMethod(preferred) ? { preferred } : {}),
        ...(phone ? { phone } : {}),
        ...(email ? { email } : {}),
      },
    };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'getUser', env.SUPPORT_EMAIL) };
  }
}

const SETTING_OF = {
  SOFTWARE_TOKEN_MFA: 'SoftwareTokenMfaSettings',
  SMS_MFA: 'SMSMfaSettings',
  EMAIL_OTP: 'EmailMfaSettings',
} as const;

/** Makes a method that is on the one Cognito asks for first. */
export async function preferTwoStepFor(
  env: Env,
  username: string,
  method: TwoStepMethod,
): Promise<Result<void>> {
  try {
    await admin(env).send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: env.COGNITO_USER_POOL_ID,
        Username: username,
        [SETTING_OF[method]]: { Enabled: true, PreferredMfa: true },
      }),
    );
    return { ok: true, value: undefined };
  } catch (error) {
    return { ok: false, failure: toAuthFailure(error, 'mfaMethod', env.SUPPORT_EMAIL) };
  }
}
