import { CognitoError, invalidParameter, notAuthorized, MESSAGES } from '../errors';
import { PATTERNS, RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import { matchTotp, newTotpSecret } from '../totp';
import type { Operation } from './shared';

/** The user behind an AccessToken or, during a sign-in challenge, a Session; plus a follow-up session. */
async function tokenOrSession(
  svc: IdentityService,
  input: Input,
): Promise<{ user: UserRecord; nextSession?: string }> {
  const accessToken = input.optString('AccessToken', RULES.accessToken);
  const sessionId = input.optString('Session', RULES.session);
  if (accessToken !== undefined) return { user: (await svc.authenticate(accessToken)).user };
  if (sessionId === undefined)
    throw invalidParameter('Either AccessToken or Session must be provided.');
  const session = svc.readSession(sessionId, [
    'NEW_PASSWORD_REQUIRED',
    'SOFTWARE_TOKEN_MFA',
    'MFA_SETUP',
  ]);
  const user = svc.store.getUser(session.sub);
  if (!user) throw notAuthorized(MESSAGES.invalidSession);
  // Sessions are single-use: hand out a fresh one for the same challenge, as Cognito does.
  svc.useSession(sessionId, session);
  return { user, nextSession: svc.createSession(session.kind, user.sub) };
}

export const AssociateSoftwareToken: Operation = async (svc, input) => {
  const { user, nextSession } = await tokenOrSession(svc, input);
  const secret = newTotpSecret();
  user.mfa.pendingSecret = secret;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return nextSession ? { SecretCode: secret, Session: nextSession } : { SecretCode: secret };
};

/** Confirms the associated secret with a code from the authenticator; enabling is SetUserMFAPreference's job. */
export const VerifySoftwareToken: Operation = async (svc, input) => {
  const code = input.string('UserCode', { min: 6, max: 6, pattern: PATTERNS.userCode });
  input.optString('FriendlyDeviceName', { min: 0, max: 131072 });
  const { user, nextSession } = await tokenOrSession(svc, input);
  const secret = user.mfa.pendingSecret ?? user.mfa.secret;
  if (!secret)
    throw new CognitoError(
      'SoftwareTokenMFANotFoundException',
      'Software token MFA has not been associated with the user.',
    );
  const step = matchTotp(secret, code, svc.now());
  if (step === null) throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
  user.mfa.secret = secret;
  delete user.mfa.pendingSecret;
  user.mfa.lastStep = step;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return nextSession ? { Status: 'SUCCESS', Session: nextSession } : { Status: 'SUCCESS' };
};

export const SetUserMFAPreference: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const software = input.optObject('SoftwareTokenMfaSettings');
  const sms = input.optObject('SMSMfaSettings');
  const email = input.optObject('EmailMfaSettings');
  const passkey = input.optObject('WebAuthnMfaSettings')?.optBoolean('Enabled');
  const enabled = software?.optBoolean('Enabled');
  const preferred = software?.optBoolean('PreferredMfa');
  const { user } = await svc.authenticate(accessToken);
  if (sms?.optBoolean('Enabled') || sms?.optBoolean('PreferredMfa')) {
    throw invalidParameter('User does not have delivery config set to turn on SMS_MFA');
  }
  if (email?.optBoolean('Enabled') || email?.optBoolean('PreferredMfa')) {
    throw invalidParameter('User does not have delivery config set to turn on EMAIL_OTP');
  }
  if ((enabled || preferred) && !user.mfa.secret)
    throw invalidParameter('User has not verified software token mfa');
  const totpOn = preferred || (enabled ?? user.mfa.enabled);
  // Passkey MFA needs the pool's MULTI_FACTOR_WITH_USER_VERIFICATION and, "to prevent account
  // lockout", another MFA method the user has activated.
  if (passkey) {
    if (svc.settings.webAuthnFactorConfiguration !== 'MULTI_FACTOR_WITH_USER_VERIFICATION')
      throw invalidParameter(MESSAGES.passkeyMfaNotAvailable);
    if (!totpOn || !user.mfa.secret) throw invalidParameter(MESSAGES.passkeyMfaNeedsOther);
  }
  if (enabled !== undefined) user.mfa.enabled = enabled;
  if (preferred !== undefined) user.mfa.preferred = preferred;
  if (preferred) user.mfa.enabled = true;
  if (!user.mfa.enabled) user.mfa.preferred = false;
  if (passkey !== undefined) user.mfa.webAuthn = passkey;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};
