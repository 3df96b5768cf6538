import { CognitoError, invalidParameter, notAuthorized, MESSAGES } from '../errors';
import { PATTERNS, RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import { matchTotp, newTotpSecret } from '../totp';
import type { Operation } from './shared';
import { deliveryOf, mfaState, userFactors, type MfaFactor } from '../mfa';
import { MFA_FACTORS } from '../settings';

/**
 * The user behind an AccessToken or, during a sign-in challenge, a Session; plus a follow-up
 * session (`verified`: the software token was proven in it, for MFA_SETUP).
 */
async function tokenOrSession(
  svc: IdentityService,
  input: Input,
): Promise<{ user: UserRecord; follow?: (verified: boolean) => string }> {
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
  return {
    user,
    // Sessions are single-use: hand out a fresh one for the same challenge, as Cognito does.
    follow: (verified) => {
      svc.useSession(sessionId, session);
      return svc.createSession(
        session.kind,
        user.sub,
        verified ? { softwareTokenVerified: true } : {},
      );
    },
  };
}

export const AssociateSoftwareToken: Operation = async (svc, input) => {
  const { user, follow } = await tokenOrSession(svc, input);
  const secret = newTotpSecret();
  user.mfa.pendingSecret = secret;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return follow ? { SecretCode: secret, Session: follow(false) } : { SecretCode: secret };
};

/** Confirms the associated secret with a code from the authenticator; enabling is SetUserMFAPreference's job. */
export const VerifySoftwareToken: Operation = async (svc, input) => {
  const code = input.string('UserCode', { min: 6, max: 6, pattern: PATTERNS.userCode });
  input.optString('FriendlyDeviceName', { min: 0, max: 131072 });
  const { user, follow } = await tokenOrSession(svc, input);
  const secret = user.mfa.pendingSecret ?? user.mfa.secret;
  if (!secret)
    throw new CognitoError(
      'SoftwareTokenMFANotFoundException',
      'Software token MFA has not been associated with the user.',
    );
  const step = matchTotp(secret, code, svc.now());
  if (step === null)
    throw new CognitoError(
      'EnableSoftwareTokenMFAException',
      // As Cognito words it (Amplify UI's end-to-end tests and its users' reports).
      'Code mismatch and fail enable Software Token MFA',
    );
  user.mfa.secret = secret;
  delete user.mfa.pendingSecret;
  user.mfa.lastStep = step;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return follow ? { Status: 'SUCCESS', Session: follow(true) } : { Status: 'SUCCESS' };
};

type Wanted = { enabled?: boolean; preferred?: boolean };

function wanted(input: Input, name: string): Wanted | undefined {
  const settings = input.optObject(name);
  if (!settings) return undefined;
  const enabled = settings.optBoolean('Enabled');
  const preferred = settings.optBoolean('PreferredMfa');
  return {
    ...(enabled !== undefined ? { enabled } : {}),
    ...(preferred !== undefined ? { preferred } : {}),
  };
}

const turnsOn = (w: Wanted | undefined) => w?.enabled === true || w?.preferred === true;

/** Why a factor cannot be turned on for this user in this pool, if it cannot. */
function refusal(svc: IdentityService, user: UserRecord, factor: MfaFactor): string | undefined {
  if (factor === 'SOFTWARE_TOKEN_MFA')
    return user.mfa.secret ? undefined : 'User has not verified software token mfa';
  // The pool's SMS or email configuration is the "delivery config" too.
  if (!svc.settings.mfaFactors.includes(factor) || !deliveryOf(user, factor))
    return `User does not have delivery config set to turn on ${factor}`;
  return undefined;
}

/**
 * Each factor's Enabled and PreferredMfa, as Cognito shapes them: a preferred factor is on, one
 * turned off is not preferred, and one preferred factor makes the others not preferred. Where
 * the pool requires MFA, the last factor a user has cannot be turned off.
 */
export const SetUserMFAPreference: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  // The settings are read (and a malformed one refused) before the token is checked.
  const asked = readMfaPreference(input);
  const { user } = await svc.authenticate(accessToken);
  return applyMfaPreference(svc, user, asked);
};

type Preference = { asked: Partial<Record<MfaFactor, Wanted>>; passkey: boolean | undefined };

/** The settings of SetUserMFAPreference and AdminSetUserMFAPreference (botocore's model). */
export function readMfaPreference(input: Input): Preference {
  const asked: Partial<Record<MfaFactor, Wanted>> = {};
  const software = wanted(input, 'SoftwareTokenMfaSettings');
  const sms = wanted(input, 'SMSMfaSettings');
  const email = wanted(input, 'EmailMfaSettings');
  if (software) asked.SOFTWARE_TOKEN_MFA = software;
  if (sms) asked.SMS_MFA = sms;
  if (email) asked.EMAIL_OTP = email;
  const passkey = input.optObject('WebAuthnMfaSettings')?.optBoolean('Enabled');
  return { asked, passkey };
}

/**
 * SetUserMFAPreference's settings for a user already found, shared by AdminSetUserMFAPreference,
 * whose input is the same but for Username and UserPoolId in place of AccessToken (botocore's
 * model: AdminSetUserMFAPreferenceRequest).
 */
export function applyMfaPreference(
  svc: IdentityService,
  user: UserRecord,
  { asked, passkey }: Preference,
) {
  for (const [factor, w] of Object.entries(asked) as [MfaFactor, Wanted][]) {
    const why = turnsOn(w) ? refusal(svc, user, factor) : undefined;
    if (why) throw invalidParameter(why);
  }
  const before = userFactors(svc, user).length;
  const state = mfaState(user);
  for (const [factor, w] of Object.entries(asked) as [MfaFactor, Wanted][]) {
    const next = { ...state[factor] };
    if (factor === 'SOFTWARE_TOKEN_MFA') next.enabled = user.mfa.enabled;
    if (w.enabled !== undefined) next.enabled = w.enabled;
    if (w.preferred !== undefined) next.preferred = w.preferred;
    if (w.preferred) next.enabled = true;
    if (!next.enabled) next.preferred = false;
    state[factor] = next;
  }
  const newlyPreferred = (Object.keys(asked) as MfaFactor[]).find((f) => state[f].preferred);
  if (newlyPreferred)
    for (const f of Object.keys(state) as MfaFactor[])
      if (f !== newlyPreferred) state[f].preferred = false;

  const on = (f: MfaFactor) =>
    state[f].enabled && (f !== 'SOFTWARE_TOKEN_MFA' || !!user.mfa.secret);
  // Passkey MFA needs the pool's MULTI_FACTOR_WITH_USER_VERIFICATION and, "to prevent account
  // lockout", another MFA method the user has activated.
  if (passkey) {
    if (svc.settings.webAuthnFactorConfiguration !== 'MULTI_FACTOR_WITH_USER_VERIFICATION')
      throw invalidParameter(MESSAGES.passkeyMfaNotAvailable);
    if (!MFA_FACTORS.some(on)) throw invalidParameter(MESSAGES.passkeyMfaNeedsOther);
  }
  if (svc.settings.mfa === 'required' && before > 0 && !MFA_FACTORS.some(on))
    throw invalidParameter(MESSAGES.mfaRequired);

  user.mfa.enabled = state.SOFTWARE_TOKEN_MFA.enabled;
  user.mfa.preferred = state.SOFTWARE_TOKEN_MFA.preferred;
  user.mfa.sms = state.SMS_MFA;
  user.mfa.email = state.EMAIL_OTP;
  if (passkey !== undefined) user.mfa.webAuthn = passkey;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
}
