import { isEmail, validateAttributes } from '../attributes';
import { TEMP_PASSWORD_TTL_MS } from '../config';
import { CognitoError, invalidParameter, userNotFound, MESSAGES } from '../errors';
import { checkPasswordPolicy, generateTemporaryPassword } from '../passwords';
import { enumValue, RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import {
  adminUserView,
  applyAttributeWrites,
  usernameExists,
  userType,
  type Operation,
} from './shared';
import { applyMfaPreference, readMfaPreference } from './mfa';

/**
 * Admin calls are signed with SigV4 in Cognito; locally any (or no) signature is accepted.
 * Answers the user named by Username: a native user's sub or email, a federated user's
 * `Google_…` username (never its sub or email; see `IdentityStore.findUser`).
 */
function adminUser(svc: IdentityService, input: Input): UserRecord {
  const username = input.string('Username', RULES.username);
  svc.requirePool(input.string('UserPoolId', RULES.poolId));
  const user = svc.store.findUser(username);
  if (!user) throw userNotFound(MESSAGES.userDoesNotExist);
  return user;
}

/** Gives the user a (new) temporary password, valid for 7 days; answers it for the invitation. */
async function setTemporaryPassword(
  svc: IdentityService,
  user: UserRecord,
  temporary: string | undefined,
): Promise<string> {
  const password = temporary ?? generateTemporaryPassword();
  await svc.setPassword(user, password, { temporary: true });
  user.temporaryPasswordExpiresAt = svc.now() + TEMP_PASSWORD_TTL_MS;
  user.updatedAt = svc.now();
  return password;
}

export const AdminCreateUser: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  svc.requirePool(input.string('UserPoolId', RULES.poolId));
  const attributes = input.optAttributes('UserAttributes') ?? [];
  input.optAttributes('ValidationData');
  const temporary = input.optString('TemporaryPassword', RULES.password);
  input.optBoolean('ForceAliasCreation');
  const actionName = input.optString('MessageAction');
  const action =
    actionName === undefined
      ? undefined
      : enumValue('MessageAction', actionName, ['RESEND', 'SUPPRESS'] as const);
  for (const medium of input.optStringList('DesiredDeliveryMediums') ?? [])
    enumValue('DesiredDeliveryMediums', medium, ['SMS', 'EMAIL'] as const);
  input.optStringMap('ClientMetadata');
  if (!isEmail(username)) throw invalidParameter('Username should be an email.');
  const writes = validateAttributes(attributes, 'admin');
  if (temporary !== undefined) checkPasswordPolicy(temporary);
  const existing = svc.store.findUser(username);

  if (action === 'RESEND') {
    if (!existing) throw userNotFound(MESSAGES.userDoesNotExist);
    if (existing.status !== 'FORCE_CHANGE_PASSWORD') {
      throw new CognitoError(
        'UnsupportedUserStateException',
        `Resend not possible. ${existing.sub} status is not FORCE_CHANGE_PASSWORD`,
      );
    }
    const password = await setTemporaryPassword(svc, existing, temporary);
    svc.store.saveUser(existing);
    svc.deliver(existing.email, 'email', 'invite', password);
    return { User: userType(existing) };
  }
  if (existing) throw usernameExists('User account already exists');

  const initial: Record<string, string> = {};
  for (const [name, value] of writes) if (name !== 'email' && value !== '') initial[name] = value;
  if (initial.phone_number !== undefined) initial.phone_number_verified ??= 'false';
  const user = svc.newUser(username, '', 'FORCE_CHANGE_PASSWORD', initial);
  const password = await setTemporaryPassword(svc, user, temporary);
  if (!svc.store.createUser(user)) throw usernameExists('User account already exists');
  if (action !== 'SUPPRESS') svc.deliver(user.email, 'email', 'invite', password);
  return { User: userType(user) };
};

export const AdminGetUser: Operation = async (svc, input) => adminUserView(adminUser(svc, input));

export const AdminUpdateUserAttributes: Operation = async (svc, input) => {
  const attributes = input.attributes('UserAttributes');
  input.optStringMap('ClientMetadata');
  const user = adminUser(svc, input);
  applyAttributeWrites(svc, user, validateAttributes(attributes, 'admin'), 'admin');
  return {};
};

export const AdminDeleteUser: Operation = async (svc, input) => {
  svc.store.deleteUser(adminUser(svc, input));
  return {};
};

/** Cognito: "Deactivates a user and revokes all access tokens for the user." */
export const AdminDisableUser: Operation = async (svc, input) => {
  const user = adminUser(svc, input);
  user.enabled = false;
  user.revokedBefore = svc.now() + 1;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

/** Cognito: signs the user out of every device: every token issued before now stops working. */
export const AdminUserGlobalSignOut: Operation = async (svc, input) => {
  const user = adminUser(svc, input);
  // +1 ms: tokens issued in this very millisecond count as before the sign-out.
  user.revokedBefore = svc.now() + 1;
  svc.store.saveUser(user);
  return {};
};

export const AdminEnableUser: Operation = async (svc, input) => {
  const user = adminUser(svc, input);
  user.enabled = true;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

/** SetUserMFAPreference for the user named, with the host's credentials (decision 046). */
export const AdminSetUserMFAPreference: Operation = async (svc, input) => {
  const preference = readMfaPreference(input);
  return applyMfaPreference(svc, adminUser(svc, input), preference);
};

/**
 * The pool's MFA configuration (API reference, GetUserPoolMfaConfig; botocore's
 * GetUserPoolMfaConfigResponse). Unconfirmed: which optional parts a real pool answers when a
 * factor is off, and the SMS and email parts' contents; the local pool answers the parts the
 * product reads (the passkey factor configuration) and the factors it allows.
 */
export const GetUserPoolMfaConfig: Operation = async (svc, input) => {
  svc.requirePool(input.string('UserPoolId', RULES.poolId));
  const s = svc.settings;
  return {
    MfaConfiguration: s.mfa === 'off' ? 'OFF' : s.mfa === 'required' ? 'ON' : 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: s.mfaFactors.includes('SOFTWARE_TOKEN_MFA') },
    WebAuthnConfiguration: {
      RelyingPartyId: s.webAuthnRelyingPartyId,
      UserVerification: s.webAuthnUserVerification,
      FactorConfiguration: s.webAuthnFactorConfiguration,
    },
  };
};
