import { isEmail, validateAttributes } from '../attributes';
import { consumeCode } from '../codes';
import { invalidParameter, notAuthorized, userNotFound, MESSAGES } from '../errors';
import { checkPasswordPolicy } from '../passwords';
import { RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import { usernameExists, type Operation } from './shared';

/** Reads the members every public (client-id) call may carry and checks the client. */
export function publicCall(svc: IdentityService, input: Input): void {
  svc.requireClient(input.string('ClientId', RULES.clientId));
  // No client secret is configured locally, so any SecretHash is accepted.
  input.optString('SecretHash', { min: 1, max: 128 });
  input.optStringMap('ClientMetadata');
  input.optObject('AnalyticsMetadata');
  input.optObject('UserContextData');
}

/** The user a public call names, or Cognito's not-found answer for it. */
export function namedUser(svc: IdentityService, username: string): UserRecord {
  const user = svc.store.findUser(username);
  if (!user) throw userNotFound(MESSAGES.userNotFoundForClient);
  return user;
}

export const SignUp: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const password = input.string('Password', RULES.password);
  const attributes = input.optAttributes('UserAttributes') ?? [];
  input.optAttributes('ValidationData');
  publicCall(svc, input);
  if (!isEmail(username)) throw invalidParameter('Username should be an email.');
  const writes = validateAttributes(attributes, 'user', svc.clientWriteAttributes);
  checkPasswordPolicy(password);
  if (svc.store.subForEmail(username) !== undefined) throw usernameExists(MESSAGES.emailExists);

  const initial: Record<string, string> = {};
  for (const [name, value] of writes) if (name !== 'email' && value !== '') initial[name] = value;
  if (initial.phone_number !== undefined) initial.phone_number_verified = 'false';
  const user = svc.newUser(username, await svc.hash(password), 'UNCONFIRMED', initial);
  const { message, details } = svc.prepareCode(user, 'signup', username);
  // Checked again after the (slow) hash: two sign-ups for one address race here.
  if (!svc.store.createUser(user)) throw usernameExists(MESSAGES.emailExists);
  svc.send([message]);
  return { UserConfirmed: false, UserSub: user.sub, CodeDeliveryDetails: details };
};

export const ConfirmSignUp: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const code = input.string('ConfirmationCode', RULES.code);
  input.optBoolean('ForceAliasCreation');
  input.optString('Session');
  publicCall(svc, input);
  const user = namedUser(svc, username);
  if (user.status !== 'UNCONFIRMED')
    throw notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  consumeCode(svc.store, user, 'signup', code, svc.now(), user.email);
  user.status = 'CONFIRMED';
  user.attributes.email_verified = 'true';
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

export const ResendConfirmationCode: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  publicCall(svc, input);
  const user = namedUser(svc, username);
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  return { CodeDeliveryDetails: svc.sendCode(user, 'signup', user.email) };
};
