/** The steps every sign-in shares: the password, MFA, tokens; and the checks on a challenge answer. */
import {
  CognitoError,
  invalidParameter,
  notAuthorized,
  userNotConfirmed,
  MESSAGES,
} from '../errors';
import {
  checkNamedDevice,
  deviceForSignIn,
  recordAttempt,
  refreshRefused,
  rememberedDevice,
} from '../devices';
import { deviceMayStandIn, secondStep, userFactors } from '../mfa';
import { verifyPassword } from '../passwords';
import type { IdentityService } from '../service';
import { emptyFailures, type UserRecord } from '../store';

// Compared against when the user does not exist, so both answers take as long.
let dummyHash: Promise<string> | undefined;

export const passwordResetRequired = () =>
  new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');

export function missing(name: string): CognitoError {
  return invalidParameter(`Missing required parameter ${name}`);
}

/** The steps of a sign-in, as its record names them. */
export type Steps = { name: string; ok: boolean }[];
const PASSWORD_OK: Steps = [{ name: 'Password', ok: true }];

/**
 * A full sign-in: clears the failure count (a right password alone does not: MFA codes count
 * too), issues or recognises the device (device tracking), records the attempt, issues tokens.
 */
export async function signedIn(svc: IdentityService, user: UserRecord, steps: Steps = PASSWORD_OK) {
  if (user.signInFailures.count > 0) user.signInFailures = emptyFailures();
  const device = deviceForSignIn(svc, user);
  recordAttempt(svc, user, true, steps, device?.key);
  svc.store.saveUser(user);
  const tokens = await svc.issueTokens(user, {
    ...(device ? { deviceKey: device.key } : {}),
    ...(refreshRefused(svc) ? { passwordAuth: true } : {}),
  });
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      ...tokens,
      ...(device?.isNew
        ? { NewDeviceMetadata: { DeviceKey: device.key, DeviceGroupKey: device.groupKey } }
        : {}),
    },
  };
}

/**
 * After the password (or a new one) is accepted: a device the sign-in named must be this user's;
 * then the MFA challenge (or, for a remembered device where the pool allows it, the device's
 * proof instead; mfa.ts), or tokens.
 */
export async function finishSignIn(svc: IdentityService, user: UserRecord) {
  checkNamedDevice(svc, user);
  const factors = userFactors(svc, user);
  if (factors.length > 0 && deviceMayStandIn(user, factors) && rememberedDevice(svc, user))
    return {
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: svc.createSession('DEVICE_SRP_AUTH', user.sub),
      ChallengeParameters: { USERNAME: user.sub },
    };
  return secondStep(svc, user, factors) ?? signedIn(svc, user);
}

/** A password for a name the pool does not know: as long a wait as a check, then "incorrect". */
export async function unknownUserPassword(svc: IdentityService, password: string): Promise<never> {
  dummyHash ??= svc.hash('not-a-password');
  await verifyPassword(password, await dummyHash);
  throw notAuthorized(MESSAGES.incorrectCredentials);
}

/**
 * The password step for a known user (USER_PASSWORD_AUTH, and PASSWORD in choice-based sign-in):
 * lockout, disabled, the password, the user's status; then a new-password or MFA challenge, or tokens.
 */
export async function passwordStep(svc: IdentityService, user: UserRecord, password: string) {
  if (svc.isLocked(user.signInFailures)) throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (!(await verifyPassword(password, user.passwordHash))) {
    svc.recordFailure(user.signInFailures);
    recordAttempt(svc, user, false, [{ name: 'Password', ok: false }]);
    svc.store.saveUser(user);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  return afterPassword(svc, user);
}

/**
 * Once the password is proven (USER_PASSWORD_AUTH, PASSWORD, or an SRP proof): the user's status,
 * then a new-password or MFA challenge, or tokens.
 */
export async function afterPassword(svc: IdentityService, user: UserRecord) {
  if (user.status === 'UNCONFIRMED') throw userNotConfirmed(MESSAGES.userNotConfirmed);
  if (user.status === 'RESET_REQUIRED') throw passwordResetRequired();
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    if ((user.temporaryPasswordExpiresAt ?? Infinity) <= svc.now()) {
      throw notAuthorized('Temporary password has expired and must be reset by an administrator.');
    }
    const visible: Record<string, string> = { ...user.attributes };
    delete visible.sub;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: svc.createSession('NEW_PASSWORD_REQUIRED', user.sub),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.sub,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify(visible),
      },
    };
  }
  return finishSignIn(svc, user);
}

/** The SECRET_HASH a challenge response carries, over the USERNAME it gives. */
export function checkChallengeHash(svc: IdentityService, responses: Record<string, string>): void {
  svc.checkSecretHash(responses.SECRET_HASH, [responses.USERNAME]);
}

/** The pool's own username: the sub for a native user (who signs in by the email alias). */
export const poolUsername = (user: UserRecord) => user.username ?? user.sub;

/**
 * An answer after the password names the user by the pool's username, and hashes SECRET_HASH over
 * it: botocore (AdminInitiateAuthResponse.ChallengeParameters), "You must use the username and not
 * an alias in the ChallengeResponses of your challenge response". With a secret, a hash over the
 * alias is refused as aws-sdk-android#2265 reports ("Unable to verify secret hash"); the answer to
 * an alias without one is unconfirmed (README, known differences).
 */
export function checkAnswerName(
  svc: IdentityService,
  responses: Record<string, string>,
  user: UserRecord,
): void {
  const name = poolUsername(user);
  svc.checkSecretHash(responses.SECRET_HASH, [name]);
  if (responses.USERNAME?.toLowerCase() !== name.toLowerCase())
    throw notAuthorized(MESSAGES.invalidSession);
}

/** What PASSWORD_VERIFIER and DEVICE_PASSWORD_VERIFIER answer: the secret block, signature, time. */
export function verifierAnswer(responses: Record<string, string>) {
  const block = responses.PASSWORD_CLAIM_SECRET_BLOCK;
  const signature = responses.PASSWORD_CLAIM_SIGNATURE;
  const timestamp = responses.TIMESTAMP;
  if (!block) throw missing('PASSWORD_CLAIM_SECRET_BLOCK');
  if (!signature) throw missing('PASSWORD_CLAIM_SIGNATURE');
  if (!timestamp) throw missing('TIMESTAMP');
  return { block, signature, timestamp };
}
