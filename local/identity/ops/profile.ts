import { readable, toAttributeList, validateAttributes } from '../attributes';
import { consumeCode } from '../codes';
import { invalidParameter } from '../errors';
import { RULES } from '../protocol';
import { usernameOf } from '../tokens';
import { aliasExists, applyAttributeWrites, mfaSettings, type Operation } from './shared';

const ATTRIBUTE_NAME = { min: 1, max: 32 };

export const GetUser: Operation = async (svc, input) => {
  const { user } = await svc.authenticate(input.string('AccessToken', RULES.accessToken));
  return {
    Username: usernameOf(user),
    UserAttributes: toAttributeList(readable(user.attributes, svc.settings.clientReadAttributes)),
    ...mfaSettings(user),
  };
};

export const UpdateUserAttributes: Operation = async (svc, input) => {
  const attributes = input.attributes('UserAttributes');
  const accessToken = input.string('AccessToken', RULES.accessToken);
  input.optStringMap('ClientMetadata');
  const { user } = await svc.authenticate(accessToken);
  const writes = validateAttributes(attributes, 'user', svc.clientWriteAttributes);
  return { CodeDeliveryDetailsList: applyAttributeWrites(svc, user, writes, 'user') };
};

export const DeleteUserAttributes: Operation = async (svc, input) => {
  const names = input.optStringList('UserAttributeNames');
  if (names === undefined) input.string('UserAttributeNames');
  const { user } = await svc.authenticate(input.string('AccessToken', RULES.accessToken));
  const writes = validateAttributes(
    (names ?? []).map((Name) => ({ Name, Value: '' })),
    'user',
    svc.clientWriteAttributes,
  );
  applyAttributeWrites(svc, user, writes, 'user');
  return {};
};

/** Sends a code for email (to the pending new address when there is one) or phone_number. */
export const GetUserAttributeVerificationCode: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const name = input.string('AttributeName', ATTRIBUTE_NAME);
  input.optStringMap('ClientMetadata');
  const { user } = await svc.authenticate(accessToken);
  if (name === 'email') {
    svc.countCodeRequest(user, 'GetUserAttributeVerificationCode');
    return {
      CodeDeliveryDetails: svc.sendCode(user, 'verify-email', user.pendingEmail ?? user.email),
    };
  }
  if (name === 'phone_number') {
    const phone = user.pendingPhone ?? user.attributes.phone_number;
    if (!phone) throw invalidParameter('User has no attribute phone_number to verify.');
    svc.countCodeRequest(user, 'GetUserAttributeVerificationCode');
    return { CodeDeliveryDetails: svc.sendCode(user, 'verify-phone', phone) };
  }
  throw invalidParameter(`Attribute ${name} cannot be verified.`);
};

export const VerifyUserAttribute: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const name = input.string('AttributeName', ATTRIBUTE_NAME);
  const code = input.string('Code', RULES.code);
  const { user } = await svc.authenticate(accessToken);
  if (name === 'email') {
    const target = user.pendingEmail ?? user.email;
    const owner = svc.store.subForEmail(target);
    if (owner !== undefined && owner !== user.sub) throw aliasExists();
    consumeCode(svc.store, user, 'verify-email', code, svc.now(), target);
    user.attributes.email_verified = 'true';
    user.updatedAt = svc.now();
    if (user.pendingEmail) {
      delete user.pendingEmail;
      svc.store.changeEmail(user, target);
    } else {
      svc.store.saveUser(user);
    }
    return {};
  }
  if (name === 'phone_number') {
    const phone = user.pendingPhone ?? user.attributes.phone_number;
    if (!phone) throw invalidParameter('User has no attribute phone_number to verify.');
    consumeCode(svc.store, user, 'verify-phone', code, svc.now(), phone);
    user.attributes.phone_number = phone;
    delete user.pendingPhone;
    user.attributes.phone_number_verified = 'true';
    user.updatedAt = svc.now();
    svc.store.saveUser(user);
    return {};
  }
  throw invalidParameter(`Attribute ${name} cannot be verified.`);
};

export const DeleteUser: Operation = async (svc, input) => {
  const { user } = await svc.authenticate(input.string('AccessToken', RULES.accessToken));
  svc.store.deleteUser(user);
  return {};
};
