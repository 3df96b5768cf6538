import { consumeCode } from '../codes';
import { emailDelivery, smsDelivery } from '../attributes';
import { expiredCode, invalidParameter, limitExceeded, notAuthorized, MESSAGES } from '../errors';
import { checkPasswordPolicy, verifyPassword } from '../passwords';
import { RULES } from '../protocol';
import { emptyFailures } from '../store';
import { namedUser, publicCall, simulatedDelivery, unknownUserCode } from './signup';
import { mfaState } from '../mfa';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import type { Operation } from './shared';

/**
 * Where a reset code may go (AccountRecoverySetting): the first mechanism, by priority, the user
 * qualifies for. "SMS doesn't qualify for a valid password recovery mechanism if the user also has
 * SMS multi-factor authentication (MFA) activated. Email MFA is also disqualifying for account
 * recovery with email" (API reference, AccountRecoverySettingType).
 */
function recoveryDestination(
  svc: IdentityService,
  user: UserRecord,
): { channel: 'email' | 'sms'; to: string } | undefined {
  const mfa = svc.settings.mfa === 'off' ? undefined : mfaState(user);
  for (const mechanism of svc.settings.accountRecovery) {
    const { attributes } = user;
    if (
      mechanism === 'verified_email' &&
      attributes.email_verified === 'true' &&
      !mfa?.EMAIL_OTP.enabled
    )
      return { channel: 'email', to: user.email };
    if (
      mechanism === 'verified_phone_number' &&
      attributes.phone_number_verified === 'true' &&
      attributes.phone_number &&
      !mfa?.SMS_MFA.enabled
    )
      return { channel: 'sms', to: attributes.phone_number };
  }
  return undefined;
}

export const ForgotPassword: Operation = async (svc, input) => {
  const username = input.string('Username', RULES.username);
  const user = namedUser(svc, username, publicCall(svc, input));
  // Prevented user-existence errors: a simulated delivery, and nothing is sent.
  if (!user) return { CodeDeliveryDetails: simulatedDelivery(username) };
  const destination = recoveryDestination(svc, user);
  // Developer guide, "Managing user existence error responses": with them prevented, a user who
  // is disabled or has no verified address gets the same simulated delivery.
  if (svc.hidesUnknownUsers && (!user.enabled || !destination))
    return { CodeDeliveryDetails: simulatedDelivery(username) };
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.status === 'FORCE_CHANGE_PASSWORD')
    throw notAuthorized('User password cannot be reset in the current state.');
  // An unconfirmed user is no exception: the code goes to a verified address if there is one.
  if (destination) {
    svc.countCodeRequest(user, 'ForgotPassword');
    svc.sendCode(user, 'forgot-password', destination.to);
    return {
      CodeDeliveryDetails:
        destination.channel === 'email'
          ? emailDelivery(destination.to)
          : smsDelivery(destination.to),
    };
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
  // No reset code outstanding (none asked for, or the last one used): ExpiredCodeException, as the
  // developer guide's "Recovering user accounts" table answers ConfirmForgotPassword without one.
  if (!user.codes['forgot-password']?.active) throw expiredCode(MESSAGES.codeExpired);
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
