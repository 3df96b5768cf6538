/**
 * Choice-based sign-in (InitiateAuth AuthFlow USER_AUTH) and its challenges: SELECT_CHALLENGE,
 * PASSWORD and PASSWORD_SRP (answered inside SELECT_CHALLENGE or as PREFERRED_CHALLENGE), EMAIL_OTP
 * and WEB_AUTHN.
 *
 * What a user is offered (Cognito developer guide, "Authentication flows"): PASSWORD and
 * PASSWORD_SRP when the pool allows passwords; EMAIL_OTP when the pool allows it and the user has
 * no MFA ("users who have activated MFA can't sign in with a passwordless first factor");
 * WEB_AUTHN when the pool allows it and the user has a passkey and no MFA, or passkey MFA
 * (WebAuthnMfaSettings, with the pool's factor configuration MULTI_FACTOR_WITH_USER_VERIFICATION),
 * in which case user verification is required and stands for the second factor.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { maskEmail } from '../attributes';
import { hashCode, issueCode, remember } from '../codes';
import { MAX_SESSION_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '../config';
import {
  codeMismatch,
  expiredCode,
  invalidParameter,
  notAuthorized,
  userNotFound,
  MESSAGES,
} from '../errors';
import type { IdentityService } from '../service';
import type { UserVerification } from '../settings';
import type { SessionRecord, UserRecord } from '../store';
import {
  newChallenge,
  originAllowed,
  readAssertion,
  requestOptions,
  userHandle,
  verifyAssertion,
} from '../webauthn';
import {
  checkChallengeHash,
  missing,
  passwordStep,
  signedIn,
  unknownUserPassword,
} from './sign-in';
import { simulatedDelivery } from './signup';
import { startPasswordSrp } from './password-srp';
import { userFactors } from '../mfa';

type Choice = 'PASSWORD' | 'PASSWORD_SRP' | 'EMAIL_OTP' | 'WEB_AUTHN';
/** The values PREFERRED_CHALLENGE may take (AuthFactorType plus PASSWORD_SRP). */
const PREFERABLE = ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP', 'SMS_OTP', 'WEB_AUTHN'];

/** The user has MFA turned on (any second factor the pool asks for). */
const hasMfa = (svc: IdentityService, user: UserRecord) => userFactors(svc, user).length > 0;

/** Passkey MFA: the pool counts a verified passkey as MFA and the user turned it on. */
export const passkeyIsMfa = (svc: IdentityService, user: UserRecord) =>
  svc.settings.webAuthnFactorConfiguration === 'MULTI_FACTOR_WITH_USER_VERIFICATION' &&
  user.mfa.webAuthn === true;

/** Whether a passkey sign-in for this user must verify the user. */
const passkeyVerification = (svc: IdentityService, user: UserRecord): UserVerification =>
  svc.settings.webAuthnUserVerification === 'required' || hasMfa(svc, user)
    ? 'required'
    : 'preferred';

/** What choice-based sign-in offers this user, in the pool's order. */
export function availableChallenges(svc: IdentityService, user: UserRecord): Choice[] {
  const out: Choice[] = [];
  for (const factor of svc.settings.allowedFirstAuthFactors) {
    if (factor === 'PASSWORD' && user.passwordHash) out.push('PASSWORD', 'PASSWORD_SRP');
    // A passwordless code also confirms an unconfirmed user and verifies the address (Cognito
    // developer guide, "Passwordless sign-in with one-time passwords").
    if (
      factor === 'EMAIL_OTP' &&
      user.email &&
      !hasMfa(svc, user) &&
      (user.status === 'CONFIRMED' || user.status === 'UNCONFIRMED')
    )
      out.push('EMAIL_OTP');
    if (
      factor === 'WEB_AUTHN' &&
      (user.passkeys?.length ?? 0) > 0 &&
      user.status === 'CONFIRMED' &&
      (!hasMfa(svc, user) || passkeyIsMfa(svc, user))
    )
      out.push('WEB_AUTHN');
  }
  return out;
}

/** A wrong answer uses up one of the session's tries; the last one ends it. */
function failedTry(svc: IdentityService, id: string, session: SessionRecord): void {
  session.attempts += 1;
  if (session.attempts >= MAX_SESSION_ATTEMPTS) svc.store.deleteSession(id);
  else svc.store.putSession(id, session);
}

function selectChallenge(svc: IdentityService, user: UserRecord, available: Choice[]) {
  if (available.length === 0) throw notAuthorized(MESSAGES.noSignInChoice);
  return {
    ChallengeName: 'SELECT_CHALLENGE',
    Session: svc.createSession('SELECT_CHALLENGE', user.sub, { available }),
    ChallengeParameters: {},
    AvailableChallenges: available,
  };
}

/** Sends a sign-in code (a new one replaces any earlier) and answers the EMAIL_OTP challenge. */
function emailOtpChallenge(svc: IdentityService, user: UserRecord) {
  const code = issueCode(user, 'sign-in', user.email, svc.now() + SIGN_IN_CODE_TTL_MS);
  svc.store.saveUser(user);
  svc.send([{ to: user.email, channel: 'email', purpose: 'sign-in', code }]);
  return {
    ChallengeName: 'EMAIL_OTP',
    Session: svc.createSession('EMAIL_OTP', user.sub, {
      codeHash: hashCode(user, 'sign-in', code),
    }),
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
      CODE_DELIVERY_DESTINATION: maskEmail(user.email),
    },
  };
}

function webAuthnChallenge(
  svc: IdentityService,
  sub: string,
  credentialIds: string[],
  userVerification: UserVerification,
  extra: Partial<SessionRecord> = {},
) {
  const challenge = newChallenge();
  const options = requestOptions(
    credentialIds,
    svc.settings.webAuthnRelyingPartyId,
    challenge,
    userVerification,
  );
  return {
    ChallengeName: 'WEB_AUTHN',
    Session: svc.createSession('WEB_AUTHN', sub, { challenge, userVerification, ...extra }),
    ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) },
  };
}

/** Starts the chosen challenge for a known user (the choice is one they are offered). */
async function startChallenge(
  svc: IdentityService,
  user: UserRecord,
  choice: Choice,
  given: { PASSWORD?: string; SRP_A?: string },
) {
  if (choice === 'PASSWORD_SRP') return startPasswordSrp(svc, user.email, user, given.SRP_A);
  if (choice === 'PASSWORD') {
    if (!given.PASSWORD) throw missing('PASSWORD');
    return passwordStep(svc, user, given.PASSWORD);
  }
  if (choice === 'EMAIL_OTP') return emailOtpChallenge(svc, user);
  const ids = (user.passkeys ?? []).map((p) => p.id);
  return webAuthnChallenge(svc, user.sub, ids, passkeyVerification(svc, user));
}

// ---- names the pool does not know (IDENTITY_PREVENT_USER_EXISTENCE_ERRORS=ENABLED) ----

/** Per process: what makes an unknown name's simulated answers stable but unguessable. */
const simulationKey = randomBytes(32);
const simulated = (username: string, what: string) =>
  createHmac('sha256', simulationKey).update(`${what}:${username.toLowerCase()}`).digest();

/**
 * Cognito: "For choice-based authentication requests, Amazon Cognito responds with a random
 * selection of one of the challenge types that the user pool allows." Here the selection is drawn
 * once per name (so asking twice gives the same answer): every allowed password and code choice,
 * and the passkey choice for about half the names, as for a user who may or may not have one.
 */
function simulatedChoices(svc: IdentityService, username: string): Choice[] {
  const out: Choice[] = [];
  for (const factor of svc.settings.allowedFirstAuthFactors) {
    if (factor === 'PASSWORD') out.push('PASSWORD', 'PASSWORD_SRP');
    if (factor === 'EMAIL_OTP') out.push('EMAIL_OTP');
    if (factor === 'WEB_AUTHN' && (simulated(username, 'passkey')[0] ?? 0) % 2 === 0)
      out.push('WEB_AUTHN');
  }
  return out.length > 0 ? out : ['PASSWORD', 'PASSWORD_SRP'];
}

async function startSimulated(
  svc: IdentityService,
  username: string,
  choice: Choice,
  given: { PASSWORD?: string; SRP_A?: string },
) {
  const extra = { simulated: { username } };
  if (choice === 'PASSWORD_SRP') return startPasswordSrp(svc, username, undefined, given.SRP_A);
  if (choice === 'PASSWORD') {
    if (!given.PASSWORD) throw missing('PASSWORD');
    return unknownUserPassword(svc, given.PASSWORD);
  }
  if (choice === 'EMAIL_OTP') {
    // Nothing is sent; the destination is what a real send to this name would show.
    return {
      ChallengeName: 'EMAIL_OTP',
      Session: svc.createSession('EMAIL_OTP', '', extra),
      ChallengeParameters: {
        CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL',
        CODE_DELIVERY_DESTINATION: simulatedDelivery(username).Destination,
      },
    };
  }
  const fakeId = simulated(username, 'credential').toString('base64url');
  return webAuthnChallenge(svc, '', [fakeId], svc.settings.webAuthnUserVerification, extra);
}

// ---- InitiateAuth USER_AUTH ----

/**
 * ConfirmSignUp's Session: "Amazon Cognito assumes the SMS or email message one-time verification
 * password from ConfirmSignUp as the primary authentication factor" and ignores AuthParameters,
 * for a user eligible for the code sign-in; undefined when this user is not.
 */
async function afterConfirmation(svc: IdentityService, id: string) {
  const session = svc.readSession(id, ['SIGN_UP_CONFIRMED']);
  const user = svc.store.getUser(session.sub);
  if (!user || user.status !== 'CONFIRMED') throw notAuthorized(MESSAGES.invalidSession);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (!availableChallenges(svc, user).includes('EMAIL_OTP')) return undefined;
  svc.useSession(id, session);
  return signedIn(svc, user);
}

export async function userAuth(
  svc: IdentityService,
  params: Record<string, string>,
  sessionId: string | undefined,
) {
  if (sessionId !== undefined) {
    const done = await afterConfirmation(svc, sessionId);
    if (done) return done;
  }
  const username = params.USERNAME;
  if (!username) throw missing('USERNAME');
  const preferred = params.PREFERRED_CHALLENGE;
  if (preferred !== undefined && !PREFERABLE.includes(preferred))
    throw invalidParameter(MESSAGES.badPreferredChallenge);
  const user = svc.store.findUser(username);
  svc.checkSecretHash(params.SECRET_HASH, [username]);

  if (!user) {
    if (!svc.hidesUnknownUsers) throw userNotFound(MESSAGES.userDoesNotExist);
    const choices = simulatedChoices(svc, username);
    const choice = choices.find((c) => c === preferred);
    if (choice) return startSimulated(svc, username, choice, params);
    return {
      ChallengeName: 'SELECT_CHALLENGE',
      Session: svc.createSession('SELECT_CHALLENGE', '', {
        available: choices,
        simulated: { username },
      }),
      ChallengeParameters: {},
      AvailableChallenges: choices,
    };
  }

  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  const available = availableChallenges(svc, user);
  // "If you didn't submit a preferred challenge or the submitted user isn't eligible for their
  // preferred challenge, Amazon Cognito returns a list of options in AvailableChallenges."
  const choice = available.find((c) => c === preferred);
  if (choice) return startChallenge(svc, user, choice, params);
  return selectChallenge(svc, user, available);
}

// ---- RespondToAuthChallenge: SELECT_CHALLENGE, EMAIL_OTP, WEB_AUTHN ----

type UserAuthChallenge = 'SELECT_CHALLENGE' | 'EMAIL_OTP' | 'WEB_AUTHN';

/** SELECT_CHALLENGE's ANSWER: one of the session's offers. */
function answerOf(session: SessionRecord, responses: Record<string, string>): Choice {
  const answer = responses.ANSWER;
  if (!answer) throw missing('ANSWER');
  if (!(session.available ?? []).includes(answer))
    throw invalidParameter(MESSAGES.unknownChallengeChoice);
  return answer as Choice;
}

async function respondSimulated(
  svc: IdentityService,
  challenge: UserAuthChallenge,
  id: string,
  session: SessionRecord,
  responses: Record<string, string>,
) {
  const username = session.simulated?.username ?? '';
  if (challenge === 'SELECT_CHALLENGE') {
    const choice = answerOf(session, responses);
    if (choice === 'PASSWORD') {
      const password = responses.PASSWORD;
      if (!password) throw missing('PASSWORD');
      failedTry(svc, id, session);
      return unknownUserPassword(svc, password);
    }
    svc.useSession(id, session);
    return startSimulated(svc, username, choice, responses);
  }
  if (challenge === 'EMAIL_OTP') {
    if (!responses.EMAIL_OTP_CODE) throw missing('EMAIL_OTP_CODE');
    failedTry(svc, id, session);
    throw codeMismatch(MESSAGES.mfaCodeMismatch);
  }
  if (!responses.CREDENTIAL) throw missing('CREDENTIAL');
  readAssertion(responses.CREDENTIAL);
  failedTry(svc, id, session);
  throw notAuthorized(MESSAGES.incorrectCredentials);
}

async function respondSelect(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
  responses: Record<string, string>,
) {
  const choice = answerOf(session, responses);
  if (choice === 'PASSWORD') {
    const password = responses.PASSWORD;
    if (!password) throw missing('PASSWORD');
    let result;
    try {
      result = await passwordStep(svc, user, password);
    } catch (err) {
      if (err instanceof Error && err.name === 'NotAuthorizedException')
        failedTry(svc, id, session);
      throw err;
    }
    svc.useSession(id, session);
    return result;
  }
  if (choice === 'PASSWORD_SRP') {
    svc.useSession(id, session);
    return startPasswordSrp(svc, user.email, user, responses.SRP_A);
  }
  // The choice may have stopped being available since (MFA turned on, passkey deleted).
  if (!availableChallenges(svc, user).includes(choice))
    throw invalidParameter(MESSAGES.unknownChallengeChoice);
  svc.useSession(id, session);
  return startChallenge(svc, user, choice, {});
}

/** EMAIL_OTP_CODE: the code sent for this session, if it is still the user's latest one. */
async function respondEmailOtp(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
  responses: Record<string, string>,
) {
  const code = responses.EMAIL_OTP_CODE;
  if (!code) throw missing('EMAIL_OTP_CODE');
  const slot = user.codes['sign-in'] ?? { spent: [] };
  const given = hashCode(user, 'sign-in', code);
  const active = slot.active;
  if (active && active.hash === session.codeHash && given === active.hash) {
    slot.spent = remember(slot.spent, given);
    delete slot.active;
    user.codes['sign-in'] = slot;
    if (active.expiresAt <= svc.now()) {
      svc.store.saveUser(user);
      throw expiredCode(MESSAGES.codeExpired);
    }
    // The code proves the address: it is verified, and an unconfirmed user is confirmed.
    if (user.attributes.email_verified !== 'true' || user.status === 'UNCONFIRMED') {
      user.attributes.email_verified = 'true';
      if (user.status === 'UNCONFIRMED') user.status = 'CONFIRMED';
      user.updatedAt = svc.now();
    }
    svc.store.saveUser(user);
    svc.useSession(id, session);
    return signedIn(svc, user);
  }
  // A code replaced by a newer one (InitiateAuth again) or already used is expired, not wrong.
  if (given === session.codeHash || slot.spent.includes(given))
    throw expiredCode(MESSAGES.codeExpired);
  failedTry(svc, id, session);
  throw codeMismatch(MESSAGES.mfaCodeMismatch);
}

/** CREDENTIAL: an assertion, for this session's challenge, by one of this user's passkeys. */
async function respondWebAuthn(
  svc: IdentityService,
  user: UserRecord,
  id: string,
  session: SessionRecord,
  responses: Record<string, string>,
) {
  const text = responses.CREDENTIAL;
  if (!text) throw missing('CREDENTIAL');
  const read = readAssertion(text);
  const rpId = svc.settings.webAuthnRelyingPartyId;
  const passkey = (user.passkeys ?? []).find((p) => p.id === read.credentialId);
  const requireUserVerification =
    session.userVerification === 'required' || passkeyVerification(svc, user) === 'required';
  const newCounter =
    passkey &&
    session.challenge !== undefined &&
    read.clientData.type === 'webauthn.get' &&
    read.clientData.challenge === session.challenge &&
    originAllowed(read.clientData.origin, rpId) &&
    read.rpIdMatches(rpId) &&
    passkey.rpId === rpId &&
    (read.userHandle === undefined || read.userHandle === userHandle(user)) &&
    (!hasMfa(svc, user) || passkeyIsMfa(svc, user))
      ? await verifyAssertion(read, passkey, {
          challenge: session.challenge,
          rpId,
          requireUserVerification,
        })
      : undefined;
  if (!passkey || newCounter === undefined) {
    failedTry(svc, id, session);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  passkey.counter = newCounter;
  passkey.lastUsedAt = svc.now();
  svc.store.saveUser(user);
  svc.useSession(id, session);
  return signedIn(svc, user);
}

export async function respondUserAuth(
  svc: IdentityService,
  challenge: UserAuthChallenge,
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  const username = responses.USERNAME;
  if (!username) throw missing('USERNAME');
  const named = svc.store.findUser(username);
  checkChallengeHash(svc, responses);
  const session = svc.readSession(sessionId, [challenge]);
  if (!sessionId) throw notAuthorized(MESSAGES.invalidSession);
  if (session.simulated) {
    if (named || session.simulated.username.toLowerCase() !== username.toLowerCase())
      throw notAuthorized(MESSAGES.invalidSession);
    return respondSimulated(svc, challenge, sessionId, session, responses);
  }
  const user = svc.store.getUser(session.sub);
  if (!user || named?.sub !== user.sub) throw notAuthorized(MESSAGES.invalidSession);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (challenge === 'SELECT_CHALLENGE')
    return respondSelect(svc, user, sessionId, session, responses);
  if (challenge === 'EMAIL_OTP') return respondEmailOtp(svc, user, sessionId, session, responses);
  return respondWebAuthn(svc, user, sessionId, session, responses);
}
