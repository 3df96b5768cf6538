import { emailDelivery, isEmail, validateAttributes, type DeliveryDetails } from '../attributes';
import { consumeCode } from '../codes';
import { codeMismatch, invalidParameter, notAuthorized, userNotFound, MESSAGES } from '../errors';
import { checkPasswordPolicy } from '../passwords';
import { RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import { usernameExists, type Operation } from './shared';

/**
 * Reads the members every public (client-id) call may carry and checks the client. Answers the
 * top-level SecretHash (checked by `namedUser` / `checkSecretHash` once the user is known).
 */
export function publicCall(svc: IdentityService, input: Input): string | undefined {
  svc.requireClient(input.string('ClientId', RULES.clientId));
  const secretHash = input.optString('SecretHash', { min: 1, max: 128 });
  input.optStringMap('ClientMetadata');
  input.optObject('AnalyticsMetadata');
  input.optObject('UserContextData');
  return secretHash;
}

/**
 * The user a public call names, once its SECRET_HASH checks out (a confidential client), or
 * Cognito's not-found answer for it; with user-existence errors prevented, `hidden()` answers
 * for an unknown user instead (a simulated success or the error a wrong code gets).
 */
export function namedUser(
  svc: IdentityService,
  username: string,
  secretHash: string | undefined,
): UserRecord | undefined {
  const user = svc.store.findUser(username);
  svc.checkSecretHash(secretHash, [username]);
  if (!user && !svc.hidesUnknownUsers) throw userNotFound(MESSAGES.userNotFoundForClient);
  return user;
}

/** The delivery details a real send to `username` would show, for an unknown user (nothing is sent). */
export function simulatedDelivery(username: string): DeliveryDetails {
  return emailDelivery(isEmail(username) ? username : `${username}@example.com`);
}

/** What an unknown user's code gets when user-existence errors are prevented. */
export const unknownUserCode = () => codeMismatch(MESSAGES.codeMismatch);

export const SignUp: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  // API reference, SignUp: "To create a user with no password, omit this parameter or submit a
  // blank value. You can only create a passwordless user when passwordless sign-in is available."
  const password = input.optString('Password', { max: 256 }) || undefined;
  const attributes = input.optAttributes('UserAttributes') ?? [];
  input.optAttributes('ValidationData');
  const secretHash = publicCall(svc, input);
  // Without a SecretHash on a confidential client, Cognito's users report SignUp's answer as
  // "Unable to verify secret hash for client <id>" (amazon-cognito-identity-js's signUp), not
  // InitiateAuth's "...SECRET_HASH was not received" (unconfirmed: README, known differences).
  svc.checkSecretHash(secretHash ?? 'none given', [username]);
  if (!isEmail(username)) throw invalidParameter('Username should be an email.');
  const writes = validateAttributes(attributes, 'user', svc.clientWriteAttributes);
  if (password === undefined) {
    // Email is the username here, so an emailed code can always reach a passwordless user.
    if (!svc.settings.allowedFirstAuthFactors.includes('EMAIL_OTP'))
      throw invalidParameter(MESSAGES.passwordRequired);
  } else checkPasswordPolicy(password);
  if (svc.store.subForEmail(username) !== undefined) throw usernameExists(MESSAGES.emailExists);

  const initial: Record<string, string> = {};
  for (const [name, value] of writes) if (name !== 'email' && value !== '') initial[name] = value;
  if (initial.phone_number !== undefined) initial.phone_number_verified = 'false';
  const user = svc.newUser(username, '', 'UNCONFIRMED', initial);
  if (password !== undefined) await svc.setPassword(user, password);
  const { message, details } = svc.prepareCode(user, 'signup', username);
  // Checked again after the (slow) hash: two sign-ups for one address race here.
  if (!svc.store.createUser(user)) throw usernameExists(MESSAGES.emailExists);
  svc.send([message]);
  return {
    UserConfirmed: false,
    UserSub: user.sub,
    CodeDeliveryDetails: details,
    Session: svc.createSession('SIGN_UP', user.sub),
  };
};

export const ConfirmSignUp: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const code = input.string('ConfirmationCode', RULES.code);
  input.optBoolean('ForceAliasCreation');
  input.optString('Session');
  const user = namedUser(svc, username, publicCall(svc, input));
  if (!user) throw unknownUserCode();
  if (user.status !== 'UNCONFIRMED')
    throw notAuthorized(`User cannot be confirmed. Current status is ${user.status}`);
  consumeCode(svc.store, user, 'signup', code, svc.now(), user.email);
  user.status = 'CONFIRMED';
  user.attributes.email_verified = 'true';
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  // For signing in straight after confirmation: InitiateAuth USER_AUTH with this Session.
  return { Session: svc.createSession('SIGN_UP_CONFIRMED', user.sub) };
};

export const ResendConfirmationCode: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const user = namedUser(svc, username, publicCall(svc, input));
  if (!user) return { CodeDeliveryDetails: simulatedDelivery(username) };
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  svc.countCodeRequest(user, 'ResendConfirmationCode');
  return { CodeDeliveryDetails: svc.sendCode(user, 'signup', user.email) };
};
