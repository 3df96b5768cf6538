import { toAttributeList, type Caller, type DeliveryDetails } from '../attributes';
import { CognitoError, invalidParameter, MESSAGES } from '../errors';
import type { Input } from '../protocol';
import type { IdentityService, PendingMessage } from '../service';
import type { UserRecord } from '../store';
import { usernameOf } from '../tokens';
import { mfaSettings, userFactors } from '../mfa';

export type Operation = (svc: IdentityService, input: Input) => Promise<object>;

export const usernameExists = (message: string) =>
  new CognitoError('UsernameExistsException', message);
export const aliasExists = () => new CognitoError('AliasExistsException', MESSAGES.emailExists);

const seconds = (ms: number) => ms / 1000;

/** The MFA part of GetUser / AdminGetUser. */
export { mfaSettings };

/** Cognito's UserType (AdminCreateUser answers it). */
export function userType(user: UserRecord) {
  return {
    Username: usernameOf(user),
    Attributes: toAttributeList(user.attributes),
    UserCreateDate: seconds(user.createdAt),
    UserLastModifiedDate: seconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

export function adminUserView(user: UserRecord) {
  return {
    Username: usernameOf(user),
    UserAttributes: toAttributeList(user.attributes),
    UserCreateDate: seconds(user.createdAt),
    UserLastModifiedDate: seconds(user.updatedAt),
    Enabled: user.enabled,
    UserStatus: user.status,
    ...mfaSettings(user),
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Applies attribute writes the way this pool is configured in Cognito:
 * - email is kept active until the new address is verified ("keep original attribute value
 *   active when an update is pending"): the new address gets a verify-email code, sign-in and
 *   GetUser keep the old one. An administrator who also sets email_verified=true switches at once.
 * - phone_number is replaced at once and becomes unverified; an SMS code goes to it. With
 *   IDENTITY_KEEP_ORIGINAL_PHONE=on, a user's new number replacing a verified one stays pending
 *   (like email) until VerifyUserAttribute; the old one stays active.
 * - an empty value deletes an optional attribute.
 * Saves the user, then sends the codes; answers the delivery details.
 */
export function applyAttributeWrites(
  svc: IdentityService,
  user: UserRecord,
  writes: Map<string, string>,
  caller: Caller,
): DeliveryDetails[] {
  const messages: PendingMessage[] = [];
  const details: DeliveryDetails[] = [];
  const adminVerifies = (name: string) => caller === 'admin' && writes.get(name) === 'true';
  let newActiveEmail: string | undefined;

  // Everything that can fail is checked before the (cached) record is touched.
  const email = writes.get('email');
  if (email === '')
    throw invalidParameter(
      'Attributes did not conform to the schema: email: The attribute is required',
    );
  if (email !== undefined) {
    const owner = svc.store.subForEmail(email);
    if (owner !== undefined && owner !== user.sub) throw aliasExists();
  }

  // Text-message codes need the number: where the pool requires MFA and they are the user's only
  // factor, the number cannot go; otherwise they go with it (no sign-in is left waiting on a
  // code that cannot be sent).
  const dropsSms = writes.get('phone_number') === '' && user.mfa.sms?.enabled === true;
  if (dropsSms && svc.settings.mfa === 'required') {
    const factors = userFactors(svc, user);
    if (factors.length === 1 && factors[0] === 'SMS_MFA')
      throw invalidParameter(MESSAGES.mfaRequired);
  }
  if (dropsSms) user.mfa.sms = { enabled: false, preferred: false };

  for (const [name, value] of writes) {
    if (name === 'email') {
      if (sameEmail(value, user.email)) {
        delete user.pendingEmail;
        continue;
      }
      if (adminVerifies('email_verified')) {
        newActiveEmail = value;
        delete user.pendingEmail;
      } else {
        user.pendingEmail = value;
        if (svc.settings.autoVerifiedAttributes.includes('email')) {
          const prepared = svc.prepareCode(user, 'verify-email', value);
          messages.push(prepared.message);
          details.push(prepared.details);
        }
      }
    } else if (name === 'phone_number') {
      if (value === '') {
        delete user.attributes.phone_number;
        delete user.attributes.phone_number_verified;
        delete user.pendingPhone;
        continue;
      }
      if (value === user.attributes.phone_number && !writes.has('phone_number_verified')) {
        delete user.pendingPhone;
        continue;
      }
      if (
        svc.settings.keepOriginalPhone &&
        !adminVerifies('phone_number_verified') &&
        user.attributes.phone_number !== undefined &&
        user.attributes.phone_number_verified === 'true'
      ) {
        user.pendingPhone = value;
        const prepared = svc.prepareCode(user, 'verify-phone', value);
        messages.push(prepared.message);
        details.push(prepared.details);
        continue;
      }
      delete user.pendingPhone;
      user.attributes.phone_number = value;
      user.attributes.phone_number_verified = adminVerifies('phone_number_verified')
        ? 'true'
        : 'false';
      // botocore (UpdateUserAttributesResponse): a code only where the pool verifies changes to
      // the attribute by itself (AutoVerifiedAttributes); otherwise the user asks for one.
      if (
        user.attributes.phone_number_verified === 'false' &&
        svc.settings.autoVerifiedAttributes.includes('phone_number')
      ) {
        const prepared = svc.prepareCode(user, 'verify-phone', value);
        messages.push(prepared.message);
        details.push(prepared.details);
      }
    } else if (name === 'email_verified') {
      // With an email change in the same call the flag belongs to the switch (handled below);
      // otherwise it is about the active address.
      const emailWrite = writes.get('email');
      if (emailWrite === undefined || sameEmail(emailWrite, user.email))
        user.attributes.email_verified = value;
    } else if (name === 'phone_number_verified') {
      if (user.attributes.phone_number !== undefined && !writes.has('phone_number'))
        user.attributes.phone_number_verified = value;
    } else if (value === '') {
      delete user.attributes[name];
    } else {
      user.attributes[name] = value;
    }
  }

  user.updatedAt = svc.now();
  if (newActiveEmail !== undefined) {
    user.attributes.email_verified = 'true';
    svc.store.changeEmail(user, newActiveEmail);
  } else {
    svc.store.saveUser(user);
  }
  svc.send(messages);
  return details;
}
