import { consumeCode } from '../codes';
import { emailDelivery, smsDelivery } from '../attributes';
import { invalidParameter, limitExceeded, notAuthorized, MESSAGES } from '../errors';
import { checkPasswordPolicy, verifyPassword } from '../passwords';
import { RULES } from '../protocol';
import { emptyFailures } from '../store';
import { namedUser, publicCall, simulatedDelivery, unknownUserCode } from './signup';
import type { Operation } from './shared';

export const ForgotPassword: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const user = namedUser(svc, username, publicCall(svc, input));
  // Prevented user-existence errors: a simulated delivery, and nothing is sent.
  if (!user) return { CodeDeliveryDetails: simulatedDelivery(username) };
  const { attributes } = user;
  const verified =
    attributes.email_verified === 'true' ||
    (attributes.phone_number_verified === 'true' && !!attributes.phone_number);
  // Developer guide, "Managing user existence error responses": with them prevented, a user who
  // is disabled or has no verified address gets the same simulated delivery.
  if (svc.hidesUnknownUsers && (!user.enabled || !verified))
    return { CodeDeliveryDetails: simulatedDelivery(username) };
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.status === 'FORCE_CHANGE_PASSWORD')
    throw notAuthorized('User password cannot be reset in the current state.');
  // An unconfirmed user is no exception: the code goes to a verified address if there is one.
  if (verified) svc.countCodeRequest(user, 'ForgotPassword');
  if (attributes.email_verified === 'true') {
    svc.sendCode(user, 'forgot-password', user.email);
    return { CodeDeliveryDetails: emailDelivery(user.email) };
  }
  if (attributes.phone_number_verified === 'true' && attributes.phone_number) {
    svc.sendCode(user, 'forgot-password', attributes.phone_number);
    return { CodeDeliveryDetails: smsDelivery(attributes.phone_number) };
  }
  // This is also what an unconfirmed user gets: its email was never verified.
  throw invalidParameter(MESSAGES.noVerifiedContact);
};

/**
 * Sets the new password. It changes nothing else: the code went to an address that was already
 * verified (ForgotPassword refuses otherwise), so no attribute becomes verified here, and tokens
 * issued before stay valid (Cognito does not sign the user out either).
 */
export const ConfirmForgotPassword: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const code = input.string('ConfirmationCode', RULES.code);
  const password = input.string('Password', RULES.password);
  const user = namedUser(svc, username, publicCall(svc, input));
  checkPasswordPolicy(password);
  if (!user) throw unknownUserCode();
  // A disabled user's password is never reset: with existence errors prevented this answers as
  // for an unknown user (developer guide, "Managing user existence error responses").
  if (!user.enabled) {
    if (svc.hidesUnknownUsers) throw unknownUserCode();
    throw notAuthorized(MESSAGES.userDisabled);
  }
  await svc.checkPasswordHistory(user, password);
  consumeCode(svc.store, user, 'forgot-password', code, svc.now());
  await svc.setPassword(user, password);
  user.signInFailures = emptyFailures();
  if (user.status === 'RESET_REQUIRED') user.status = 'CONFIRMED';
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

export const ChangePassword: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  // API reference, ChangePassword: PreviousPassword is "required if the user has a password"; a
  // user who signs in only without one (an emailed code, a passkey) sets a first password here.
  const previous = input.optString('PreviousPassword', RULES.password);
  const proposed = input.string('ProposedPassword', RULES.password);
  const { user } = await svc.authenticate(accessToken);
  if (svc.isLocked(user.changePasswordFailures)) throw limitExceeded(MESSAGES.attemptLimit);
  checkPasswordPolicy(proposed);
  const proven =
    previous === undefined
      ? user.passwordHash === ''
      : user.passwordHash !== '' && (await verifyPassword(previous, user.passwordHash));
  if (!proven) {
    svc.recordFailure(user.changePasswordFailures);
    svc.store.saveUser(user);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  await svc.checkPasswordHistory(user, proposed);
  await svc.setPassword(user, proposed);
  user.changePasswordFailures = emptyFailures();
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};
