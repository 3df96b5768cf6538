/**
 * Second factors after the password, as a user pool asks for them: an authenticator app
 * (SOFTWARE_TOKEN_MFA), a text-message code (SMS_MFA) or an email code (EMAIL_OTP); a choice
 * (SELECT_MFA_TYPE) when several are on and none is preferred; and, where the pool requires MFA
 * of a user who has none, MFA_SETUP.
 */
import { randomInt } from 'node:crypto';
import { hashCode } from './codes';
import { maskEmail, maskPhone } from './attributes';
import { MAX_SESSION_ATTEMPTS } from './config';
import { recordAttempt } from './devices';
import { codeMismatch, invalidParameter, notAuthorized, MESSAGES } from './errors';
import type { IdentityService } from './service';
import type { MfaFactor } from './settings';
import type { SessionRecord, UserRecord } from './store';

export type { MfaFactor };

/** The order GetUser lists a user's MFA settings in. */
const LIST_ORDER: readonly MfaFactor[] = ['SMS_MFA', 'SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'];

/** What the user turned on, each as { enabled, preferred }. */
export function mfaState(
  user: UserRecord,
): Record<MfaFactor, { enabled: boolean; preferred: boolean }> {
  return {
    SOFTWARE_TOKEN_MFA: {
      enabled: user.mfa.enabled && user.mfa.secret !== undefined,
      preferred: user.mfa.enabled && user.mfa.preferred,
    },
    SMS_MFA: {
      enabled: user.mfa.sms?.enabled ?? false,
      preferred: user.mfa.sms?.preferred ?? false,
    },
    EMAIL_OTP: {
      enabled: user.mfa.email?.enabled ?? false,
      preferred: user.mfa.email?.preferred ?? false,
    },
  };
}

/** Where a factor's codes go, if the user has that attribute. */
export function deliveryOf(user: UserRecord, factor: MfaFactor): string | undefined {
  if (factor === 'SMS_MFA') return user.attributes.phone_number || undefined;
  if (factor === 'EMAIL_OTP') return user.email || undefined;
  return user.mfa.secret;
}

/** The factors a sign-in asks this user for: turned on, offered by the pool, deliverable. */
export function userFactors(svc: IdentityService, user: UserRecord): MfaFactor[] {
  if (svc.settings.mfa === 'off') return [];
  const state = mfaState(user);
  return LIST_ORDER.filter(
    (f) => state[f].enabled && svc.settings.mfaFactors.includes(f) && deliveryOf(user, f),
  );
}

export const hasMfa = (svc: IdentityService, user: UserRecord) => userFactors(svc, user).length > 0;

/** GetUser's and AdminGetUser's MFA fields. */
export function mfaSettings(user: UserRecord): {
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
} {
  const state = mfaState(user);
  const list = LIST_ORDER.filter((f) => state[f].enabled);
  if (list.length === 0) return {};
  const preferred = list.find((f) => state[f].preferred);
  return { UserMFASettingList: list, ...(preferred ? { PreferredMfaSetting: preferred } : {}) };
}

const sha = (user: UserRecord, code: string) => hashCode(user, 'mfa', code);

/**
 * The challenge for one factor. A text-message or email code is sent now, to the outbox
 * (purpose `mfa`); its hash stays with the session, so each sign-in's code answers only it.
 */
export function factorChallenge(
  svc: IdentityService,
  user: UserRecord,
  factor: MfaFactor,
  setUp = false,
) {
  if (factor === 'SOFTWARE_TOKEN_MFA')
    return {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: svc.createSession('SOFTWARE_TOKEN_MFA', user.sub),
      ChallengeParameters: { USER_ID_FOR_SRP: user.sub },
    };
  const to = deliveryOf(user, factor);
  if (!to) throw invalidParameter(MESSAGES.mfaNotDeliverable);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sms = factor === 'SMS_MFA';
  svc.send([{ to, channel: sms ? 'sms' : 'email', purpose: 'mfa', code }]);
  return {
    ChallengeName: factor,
    Session: svc.createSession(sms ? 'SMS_MFA' : 'EMAIL_OTP', user.sub, {
      codeHash: sha(user, code),
      ...(sms ? {} : { secondFactor: true }),
      ...(setUp ? { setUpEmail: true } : {}),
    }),
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: sms ? 'SMS' : 'EMAIL',
      CODE_DELIVERY_DESTINATION: sms ? maskPhone(to) : maskEmail(to),
      USER_ID_FOR_SRP: user.sub,
    },
  };
}

/** The factors a user without MFA may set up where the pool requires it (MFAS_CAN_SETUP). */
export function setupFactors(svc: IdentityService): MfaFactor[] {
  return LIST_ORDER.filter((f) => svc.settings.mfaFactors.includes(f));
}

/**
 * After the password: the second step this user owes, or undefined for none. The preferred
 * factor if it is on; the only one on; a choice among several; and where the pool requires MFA
 * of a user with none, a text message to a phone number the user has (Cognito sends SMS MFA to
 * such users), else MFA_SETUP.
 */
/**
 * Whether a remembered device's proof may stand in for the code this sign-in would ask:
 * DeviceConfigurationType, ChallengeRequiredOnNewDevice, "a remembered device can sign in with
 * device authentication instead of SMS and time-based one-time password (TOTP) factors", so not
 * for an emailed code. With a choice to make, only where no choice is email (unconfirmed).
 */
export function deviceMayStandIn(user: UserRecord, factors: MfaFactor[]): boolean {
  const state = mfaState(user);
  const pick =
    factors.find((f) => state[f].preferred) ?? (factors.length === 1 ? factors[0] : undefined);
  return pick ? pick !== 'EMAIL_OTP' : !factors.includes('EMAIL_OTP');
}

export function secondStep(
  svc: IdentityService,
  user: UserRecord,
  factors = userFactors(svc, user),
) {
  if (factors.length > 0) {
    const state = mfaState(user);
    const preferred = factors.find((f) => state[f].preferred);
    const pick = preferred ?? (factors.length === 1 ? factors[0] : undefined);
    if (pick) return factorChallenge(svc, user, pick);
    return {
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: svc.createSession('SELECT_MFA_TYPE', user.sub, { mfaChoices: factors }),
      ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(factors), USER_ID_FOR_SRP: user.sub },
    };
  }
  if (svc.settings.mfa !== 'required') return undefined;
  if (svc.settings.mfaFactors.includes('SMS_MFA') && deliveryOf(user, 'SMS_MFA'))
    return factorChallenge(svc, user, 'SMS_MFA');
  return {
    ChallengeName: 'MFA_SETUP',
    Session: svc.createSession('MFA_SETUP', user.sub),
    ChallengeParameters: {
      MFAS_CAN_SETUP: JSON.stringify(setupFactors(svc)),
      USER_ID_FOR_SRP: user.sub,
    },
  };
}

/** SELECT_MFA_TYPE's ANSWER: one of the factors offered; its challenge follows. */
export function answerChoice(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
  answer: string | undefined,
) {
  if (!answer) throw invalidParameter('Missing required parameter ANSWER');
  const offered = session.mfaChoices ?? [];
  if (!offered.includes(answer) || !userFactors(svc, user).includes(answer as MfaFactor))
    throw invalidParameter(MESSAGES.invalidMfaChoice);
  svc.useSession(id, session);
  return factorChallenge(svc, user, answer as MfaFactor);
}

/**
 * A text-message or email code for this session. A wrong one counts toward the sign-in lockout
 * (like a wrong password) and the session's tries; the session answers once.
 */
export function checkFactorCode(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
  code: string,
): void {
  if (svc.isLocked(user.signInFailures)) throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  if (session.codeHash !== undefined && sha(user, code) === session.codeHash) return;
  wrongSecondFactor(svc, user, id, session);
}

/**
 * A wrong second-factor code (any method): it counts toward the sign-in lockout like a wrong
 * password, is recorded, and uses one of the session's tries; then Cognito's mismatch.
 */
export function wrongSecondFactor(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
): never {
  svc.recordFailure(user.signInFailures);
  recordAttempt(svc, user, false, [
    { name: 'Password', ok: true },
    { name: 'Mfa', ok: false },
  ]);
  svc.store.saveUser(user);
  session.attempts += 1;
  if (session.attempts >= MAX_SESSION_ATTEMPTS) svc.store.deleteSession(id);
  else svc.store.putSession(id, session);
  throw codeMismatch(MESSAGES.mfaCodeMismatch);
}

/**
 * MFA_SETUP answered with `EMAIL` (an address) instead of the app: the pool emails a code and asks
 * for it as EMAIL_OTP; answered, email MFA is on and preferred. AWS's own client sets email MFA
 * up this way (amplify-js `handleMFASetupChallenge`: ChallengeResponses `USERNAME`, `EMAIL`), and
 * the API reference lists EMAIL_OTP among MFAS_CAN_SETUP's factors. Unconfirmed: what Cognito
 * does with an address other than the user's own (refused here, the attribute unchanged; the
 * conformance case: MFA_SETUP with another address, then AdminGetUser).
 */
export function setUpEmailFactor(
  svc: IdentityService,
  user: UserRecord,
  sessionId: string,
  session: SessionRecord,
  email: string,
) {
  if (!setupFactors(svc).includes('EMAIL_OTP')) throw invalidParameter(MESSAGES.emailMfaSetupOff);
  if (!user.email || email.trim().toLowerCase() !== user.email.toLowerCase())
    throw invalidParameter(MESSAGES.emailMfaSetupAddress);
  svc.useSession(sessionId, session);
  return factorChallenge(svc, user, 'EMAIL_OTP', true);
}

/** The answered code of an email set up at MFA_SETUP turns email MFA on, preferred. */
export function finishEmailSetUp(svc: IdentityService, user: UserRecord, session: SessionRecord) {
  if (!session.setUpEmail) return;
  user.mfa.email = { enabled: true, preferred: true };
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
}
