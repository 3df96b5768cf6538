import { randomUUID } from 'node:crypto';
import { validateAttributes } from '../attributes';
import {
  CognitoError,
  expiredCode,
  invalidParameter,
  notAuthorized,
  refreshTokenReuse,
  userNotFound,
  MESSAGES,
} from '../errors';
import { checkPasswordPolicy } from '../passwords';
import { enumValue, RULES, type Attribute } from '../protocol';
import type { IdentityService } from '../service';
import type { UserRecord } from '../store';
import type { RefreshClaims } from '../tokens';
import { matchTotp } from '../totp';
import { publicCall } from './signup';
import type { Operation } from './shared';
import {
  checkAnswerName,
  checkChallengeHash,
  finishSignIn,
  missing,
  passwordResetRequired,
  passwordStep,
  signedIn,
  unknownUserPassword,
} from './sign-in';
import { respondUserAuth, userAuth } from './user-auth';
import { findDevice, tracksDevices, withAttempt } from '../devices';
import { answerDeviceProof, startDeviceProof } from './devices';
import { answerPasswordVerifier, userSrpAuth } from './password-srp';
import {
  answerChoice,
  checkFactorCode,
  finishEmailSetUp,
  mfaState,
  setUpEmailFactor,
  wrongSecondFactor,
} from '../mfa';
import type { Input } from '../protocol';

const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const;

const CHALLENGES = [
  'SMS_MFA',
  'EMAIL_OTP',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
  'SELECT_CHALLENGE',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'ADMIN_NO_SRP_AUTH',
  'NEW_PASSWORD_REQUIRED',
  'SMS_OTP',
  'PASSWORD',
  'WEB_AUTHN',
  'PASSWORD_SRP',
] as const;

async function passwordAuth(svc: IdentityService, params: Record<string, string>) {
  const username = params.USERNAME;
  if (!username) throw missing('USERNAME');
  const password = params.PASSWORD;
  if (!password) throw missing('PASSWORD');
  const user = svc.store.findUser(username);
  svc.checkSecretHash(params.SECRET_HASH, [username]);
  if (!user) {
    // LEGACY app clients name an unknown user; ENABLED ones answer as for a wrong password, after
    // as long a wait as a password check takes.
    if (!svc.hidesUnknownUsers) throw userNotFound(MESSAGES.userDoesNotExist);
    return unknownUserPassword(svc, password);
  }
  return passwordStep(svc, user, password);
}

/** The user a refresh token belongs to, once the token is known good. */
async function refreshUser(svc: IdentityService, token: string) {
  const claims = await svc.keys.readRefresh(token, svc.now());
  const user = svc.store.getUser(claims.sub);
  if (!user) throw notAuthorized(MESSAGES.userDoesNotExist);
  return { claims, user };
}

/** Refuses a refresh for a disabled, revoked or reset user. */
export function checkRefreshUser(
  svc: IdentityService,
  user: UserRecord,
  claims: RefreshClaims,
): void {
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (svc.isRevoked(user, claims.originJti)) throw notAuthorized(MESSAGES.refreshRevoked);
  if (user.status === 'RESET_REQUIRED') throw passwordResetRequired();
}

/** New access and id tokens for a refresh token's family (its origin, sign-in time and device). */
export const accessAndId = (svc: IdentityService, user: UserRecord, claims: RefreshClaims) =>
  svc.keys.issueAccessAndId(
    user,
    claims.originJti,
    claims.authTime,
    svc.now(),
    svc.ttlFor(user),
    svc.settings.clientReadAttributes,
    { scope: claims.scope, ...(claims.deviceKey ? { deviceKey: claims.deviceKey } : {}) },
  );

/**
 * On a pool that tracks devices, a refresh token must come from a sign-in that may use devices
 * and name its device, confirmed and still the user's (ForgetDevice ends its sessions). AWS
 * Knowledge Center, "Why do I get an Invalid Refresh Token error…": a refresh token "obtained
 * using the USER_PASSWORD_AUTH authentication flow" with device tracking on, and "if you turn on
 * device tracking but don't confirm the device, you receive 'Invalid Refresh Token'";
 * GetTokensFromRefreshToken: "You must provide the confirmed device key in this request if device
 * remembering is enabled in your user pool." (decision 034)
 */
function checkRefreshDevice(
  svc: IdentityService,
  user: UserRecord,
  claims: RefreshClaims,
  given: string | undefined,
): void {
  if (!tracksDevices(svc)) return;
  if (claims.passwordAuth) throw notAuthorized(MESSAGES.refreshInvalidForDevice);
  if (!claims.deviceKey) return;
  if (given !== claims.deviceKey || !findDevice(user, claims.deviceKey)?.confirmed)
    throw notAuthorized(MESSAGES.refreshInvalidForDevice);
}

/**
 * The attempt's address and device (DEVICE_KEY) for withAttempt. UserContextData.IpAddress counts
 * only where the app client propagates user context (a confidential client with
 * EnablePropagateAdditionalUserContextData); otherwise the caller's address is the one seen.
 */
function attemptOf(svc: IdentityService, input: Input, deviceKey: string | undefined) {
  const given = input.optObject('UserContextData')?.optString('IpAddress', { max: 64 });
  const ip = svc.settings.propagateUserContext ? given : undefined;
  return {
    ...(ip ? { ip } : {}),
    ...(deviceKey && tracksDevices(svc) ? { deviceKey } : {}),
  };
}

/** New access and id tokens from a refresh token (Cognito issues no new refresh token here). */
async function refreshAuth(svc: IdentityService, params: Record<string, string>) {
  const token = params.REFRESH_TOKEN;
  if (!token) throw missing('REFRESH_TOKEN');
  const { claims, user } = await refreshUser(svc, token);
  // A confidential client's SECRET_HASH here is over the user's name: the sub or the email alias.
  svc.checkSecretHash(params.SECRET_HASH, [user.sub, user.email]);
  checkRefreshUser(svc, user, claims);
  checkRefreshDevice(svc, user, claims, params.DEVICE_KEY);
  return { ChallengeParameters: {}, AuthenticationResult: await accessAndId(svc, user, claims) };
}

/**
 * Rotation (IDENTITY_REFRESH_TOKEN_ROTATION=on): the presented token must be its family's current
 * one, and is replaced by a new one; the one rotated out last still works for the grace period and
 * answers the same successor. Any other token of the family is reuse: the family is revoked.
 */
export async function rotate(svc: IdentityService, user: UserRecord, claims: RefreshClaims) {
  const now = svc.now();
  const family = svc.store.getFamily(claims.originJti);
  const tid = claims.tid ?? 'legacy';
  if (family?.previous && family.previous.tid === tid && now < family.previous.until)
    return family.previous.successor;
  if (family && family.current !== tid) {
    svc.store.revoke(claims.originJti, now + svc.ttlFor(user).refresh * 1000);
    throw refreshTokenReuse(MESSAGES.refreshReused);
  }
  const next = randomUUID();
  // The family lives as long as its sign-in's first token: a rotated one ends when it would have
  // (the lifetime is measured from the sign-in, not from each rotation).
  const left = Math.max(1, Math.ceil((claims.expiresAt - now) / 1000));
  const successor = await svc.keys.issueRefresh(
    user,
    claims.originJti,
    claims.authTime,
    now,
    left,
    next,
    claims.scope,
    claims.deviceKey,
    claims.passwordAuth,
  );
  const grace = svc.settings.refreshTokenGraceSeconds * 1000;
  svc.store.putFamily(claims.originJti, {
    current: next,
    ...(grace > 0 ? { previous: { tid, until: now + grace, successor } } : {}),
  });
  return successor;
}

/** New tokens from a refresh token; with rotation on, a new refresh token too. */
export const GetTokensFromRefreshToken: Operation = async (svc, input) => {
  const token = input.string('RefreshToken', { min: 1 });
  svc.requireClient(input.string('ClientId', RULES.clientId));
  const clientSecret = input.optString('ClientSecret', { min: 1, max: 64 });
  const deviceKey = input.optString('DeviceKey', { max: 55 });
  input.optStringMap('ClientMetadata');
  svc.checkClientSecret(clientSecret);
  const { claims, user } = await refreshUser(svc, token);
  checkRefreshUser(svc, user, claims);
  checkRefreshDevice(svc, user, claims, deviceKey);
  const tokens = await accessAndId(svc, user, claims);
  if (!svc.settings.refreshTokenRotation) return { AuthenticationResult: tokens };
  return { AuthenticationResult: { ...tokens, RefreshToken: await rotate(svc, user, claims) } };
};

export const InitiateAuth: Operation = async (svc, input) => {
  const flow = enumValue('AuthFlow', input.string('AuthFlow'), AUTH_FLOWS);
  const params = input.optStringMap('AuthParameters') ?? {};
  const session = input.optString('Session', RULES.session);
  publicCall(svc, input);
  return withAttempt<object>({ ...attemptOf(svc, input, params.DEVICE_KEY), flow }, () => {
    if (flow === 'USER_PASSWORD_AUTH') return passwordAuth(svc, params);
    if (flow === 'USER_SRP_AUTH') return userSrpAuth(svc, params);
    if (flow === 'USER_AUTH') return userAuth(svc, params, session);
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      // Developer guide, "Refresh tokens": rotation "is incompatible with the REFRESH_TOKEN_AUTH
      // authentication flow"; "you must disable this authentication flow in your app client".
      if (svc.settings.refreshTokenRotation) throw invalidParameter(MESSAGES.flowNotEnabled);
      return refreshAuth(svc, params);
    }
    throw invalidParameter('Initiate Auth method not supported.');
  });
};

/** `userAttributes.name` style challenge responses, as attribute writes. */
function challengeAttributes(responses: Record<string, string>): Attribute[] {
  return Object.entries(responses)
    .filter(([key]) => key.startsWith('userAttributes.'))
    .map(([key, Value]) => ({ Name: key.slice('userAttributes.'.length), Value }));
}

export const RespondToAuthChallenge: Operation = async (svc, input) => {
  const challenge = enumValue('ChallengeName', input.string('ChallengeName'), CHALLENGES);
  const sessionId = input.optString('Session', RULES.session);
  const responses = input.optStringMap('ChallengeResponses') ?? {};
  publicCall(svc, input);
  return withAttempt(attemptOf(svc, input, responses.DEVICE_KEY), () =>
    respond(svc, challenge, sessionId, responses),
  );
};

async function respond(
  svc: IdentityService,
  challenge: (typeof CHALLENGES)[number],
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  // EMAIL_OTP is a first factor (USER_AUTH) or, after the password, a second one.
  const secondFactorEmail =
    challenge === 'EMAIL_OTP' &&
    sessionId !== undefined &&
    svc.store.getSession(sessionId)?.secondFactor;
  if (
    challenge === 'SELECT_CHALLENGE' ||
    (challenge === 'EMAIL_OTP' && !secondFactorEmail) ||
    challenge === 'WEB_AUTHN'
  )
    return respondUserAuth(svc, challenge, sessionId, responses);
  if (challenge === 'PASSWORD_VERIFIER') return answerPasswordVerifier(svc, sessionId, responses);
  if (challenge === 'DEVICE_SRP_AUTH') return startDeviceProof(svc, sessionId, responses);
  if (challenge === 'DEVICE_PASSWORD_VERIFIER') return answerDeviceProof(svc, sessionId, responses);
  if (
    challenge !== 'SOFTWARE_TOKEN_MFA' &&
    challenge !== 'NEW_PASSWORD_REQUIRED' &&
    challenge !== 'SMS_MFA' &&
    challenge !== 'EMAIL_OTP' &&
    challenge !== 'SELECT_MFA_TYPE' &&
    challenge !== 'MFA_SETUP'
  ) {
    throw invalidParameter(`The challenge ${challenge} is not supported by this user pool.`);
  }
  if (!responses.USERNAME) throw missing('USERNAME');
  checkChallengeHash(svc, responses);
  const session = svc.readSession(sessionId, [challenge]);
  const user = svc.store.getUser(session.sub);
  if (!user || !sessionId) throw notAuthorized(MESSAGES.invalidSession);
  checkAnswerName(svc, responses, user);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);

  if (challenge === 'SELECT_MFA_TYPE')
    return answerChoice(svc, user, sessionId, session, responses.ANSWER);

  if (challenge === 'SMS_MFA' || challenge === 'EMAIL_OTP') {
    const field = challenge === 'SMS_MFA' ? 'SMS_MFA_CODE' : 'EMAIL_OTP_CODE';
    const code = responses[field];
    if (!code) throw missing(field);
    checkFactorCode(svc, user, sessionId, session, code);
    svc.useSession(sessionId, session);
    finishEmailSetUp(svc, user, session);
    return signedIn(svc, user, [
      { name: 'Password', ok: true },
      { name: 'Mfa', ok: true },
    ]);
  }

  if (challenge === 'MFA_SETUP') {
    if (responses.EMAIL !== undefined)
      return setUpEmailFactor(svc, user, sessionId, session, responses.EMAIL);
    // The session VerifySoftwareToken handed out, once the app's code proved the new secret.
    if (!session.softwareTokenVerified || !user.mfa.secret)
      throw invalidParameter(MESSAGES.mfaSetupIncomplete);
    user.mfa.enabled = true;
    const others = mfaState(user);
    if (!others.SMS_MFA.preferred && !others.EMAIL_OTP.preferred) user.mfa.preferred = true;
    user.updatedAt = svc.now();
    svc.useSession(sessionId, session);
    return signedIn(svc, user);
  }

  if (challenge === 'SOFTWARE_TOKEN_MFA') {
    const code = responses.SOFTWARE_TOKEN_MFA_CODE;
    if (!code) throw missing('SOFTWARE_TOKEN_MFA_CODE');
    if (svc.isLocked(user.signInFailures)) throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
    const step = user.mfa.secret ? matchTotp(user.mfa.secret, code, svc.now()) : null;
    if (step === null) wrongSecondFactor(svc, user, sessionId, session);
    // Cognito's answer to a code already used in its 30-second window: ExpiredCodeException, as
    // AWS's own client meets it against real pools (amplify-swift's MFA sign-in integration tests).
    if (user.mfa.lastStep !== undefined && step <= user.mfa.lastStep)
      throw expiredCode('Your software token has already been used once.');
    user.mfa.lastStep = step;
    svc.store.saveUser(user);
    svc.useSession(sessionId, session);
    return signedIn(svc, user, [
      { name: 'Password', ok: true },
      { name: 'Mfa', ok: true },
    ]);
  }

  // NEW_PASSWORD_REQUIRED
  if (user.status !== 'FORCE_CHANGE_PASSWORD') throw notAuthorized(MESSAGES.invalidSession);
  const newPassword = responses.NEW_PASSWORD;
  if (!newPassword) throw missing('NEW_PASSWORD');
  checkPasswordPolicy(newPassword);
  const writes = validateAttributes(
    challengeAttributes(responses),
    'user',
    svc.clientWriteAttributes,
  );
  if (writes.has('email')) throw notAuthorized(MESSAGES.unauthorizedAttribute);
  await svc.checkPasswordHistory(user, newPassword);
  await svc.setPassword(user, newPassword);
  for (const [name, value] of writes) {
    if (value === '') delete user.attributes[name];
    else user.attributes[name] = value;
  }
  if (writes.has('phone_number')) user.attributes.phone_number_verified = 'false';
  user.status = 'CONFIRMED';
  // The invitation went to this address and its password was used, which proves the address.
  user.attributes.email_verified = 'true';
  delete user.temporaryPasswordExpiresAt;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  svc.useSession(sessionId, session);
  return finishSignIn(svc, user);
}

export const GlobalSignOut: Operation = async (svc, input) => {
  const { user } = await svc.authenticate(input.string('AccessToken', RULES.accessToken));
  // +1 ms: tokens issued in this very millisecond count as before the sign-out.
  user.revokedBefore = svc.now() + 1;
  svc.store.saveUser(user);
  return {};
};

/** Revokes one refresh token and every access token issued from it. */
export const RevokeToken: Operation = async (svc, input) => {
  const token = input.string('Token', { min: 1 });
  // RevokeToken declares no ResourceNotFound or NotAuthorized: an unknown client or a wrong secret
  // is UnauthorizedException (botocore's model; the wording is the client checks' own, unconfirmed).
  try {
    svc.requireClient(input.string('ClientId', RULES.clientId));
    svc.checkClientSecret(input.optString('ClientSecret'));
  } catch (err) {
    if (err instanceof CognitoError && err.type !== 'InvalidParameterException')
      throw new CognitoError('UnauthorizedException', err.message);
    throw err;
  }
  if (token.split('.').length === 3)
    throw new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type');
  let claims;
  try {
    claims = await svc.keys.readRefresh(token, svc.now());
  } catch {
    // Like OAuth token revocation (RFC 7009): an unknown or expired token is already unusable.
    return {};
  }
  svc.store.revoke(claims.originJti, claims.expiresAt);
  return {};
};
