import { createHmac, randomBytes } from 'node:crypto';
import { POOL_NAME } from '../config';
import { provenBySrp, recordAttempt } from '../devices';
import { invalidParameter, notAuthorized, userNotFound, MESSAGES } from '../errors';
import type { IdentityService } from '../service';
import {
  expectedSignature,
  N,
  padHex,
  parseTimestamp,
  serverEphemeral,
  sessionKey,
  signatureMatches,
} from '../srp';
import type { UserRecord } from '../store';
import {
  afterPassword,
  checkAnswerName,
  checkChallengeHash,
  missing,
  verifierAnswer,
} from './sign-in';

/**
 * Password sign-in by SRP: USER_SRP_AUTH (and PASSWORD_SRP in choice-based sign-in) answers
 * PASSWORD_VERIFIER with the pool's B, the password's salt and a secret block; the client's
 * signature over them proves the password without sending it (API reference, InitiateAuth and
 * RespondToAuthChallenge; developer guide, "Authentication flows"). What follows the password is
 * what follows it in USER_PASSWORD_AUTH.
 */

const hexToBig = (hex: string) => BigInt(`0x${hex}`);

function checkSrpA(srpA: string | undefined): string {
  if (!srpA) throw missing('SRP_A');
  if (!/^[0-9a-fA-F]{1,1536}$/.test(srpA) || hexToBig(srpA) % N === 0n)
    throw invalidParameter('SRP_A is not a valid value.');
  return srpA;
}

/** Per process: what makes an unknown name's simulated salt stable but unguessable. */
const simulationKey = randomBytes(32);

/** The PASSWORD_VERIFIER challenge for a user with a password verifier. */
function verifierChallenge(svc: IdentityService, user: UserRecord, srpA: string) {
  const { salt, verifier } = user.passwordVerifier!;
  const { b, B } = serverEphemeral(hexToBig(verifier));
  const secretBlock = randomBytes(64).toString('base64');
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: svc.createSession('PASSWORD_VERIFIER', user.sub, {
      srp: { A: srpA, B: B.toString(16), b: b.toString(16), secretBlock },
    }),
    ChallengeParameters: {
      SALT: salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: B.toString(16),
      USERNAME: user.sub,
      USER_ID_FOR_SRP: user.sub,
    },
  };
}

/**
 * The same challenge for a name without a password to prove (unknown with user-existence errors
 * prevented, or a user with no password here): the answer is refused as a wrong password
 * (developer guide, "Managing user existence error responses": flows other than USER_AUTH get "a
 * generic authentication failure response"). The salt is stable per name, so asking twice does
 * not tell a simulated user from a real one.
 */
function simulatedChallenge(svc: IdentityService, username: string, srpA: string) {
  const salt = padHex(
    hexToBig(createHmac('sha256', simulationKey).update(username.toLowerCase()).digest('hex')),
  );
  const { b, B } = serverEphemeral(hexToBig(randomBytes(384).toString('hex')) % N);
  const secretBlock = randomBytes(64).toString('base64');
  const id = username.toLowerCase();
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: svc.createSession('PASSWORD_VERIFIER', '', {
      simulated: { username },
      srp: { A: srpA, B: B.toString(16), b: b.toString(16), secretBlock },
    }),
    ChallengeParameters: {
      SALT: salt,
      SECRET_BLOCK: secretBlock,
      SRP_B: B.toString(16),
      USERNAME: id,
      USER_ID_FOR_SRP: id,
    },
  };
}

/** USER_SRP_AUTH, or PASSWORD_SRP chosen in choice-based sign-in, for the name given. */
export function startPasswordSrp(
  svc: IdentityService,
  username: string,
  user: UserRecord | undefined,
  srpA: string | undefined,
) {
  const A = checkSrpA(srpA);
  if (user?.passwordVerifier) return verifierChallenge(svc, user, A);
  if (!user && !svc.hidesUnknownUsers) throw userNotFound(MESSAGES.userDoesNotExist);
  return simulatedChallenge(svc, username, A);
}

/** InitiateAuth USER_SRP_AUTH. */
export async function userSrpAuth(svc: IdentityService, params: Record<string, string>) {
  const username = params.USERNAME;
  if (!username) throw missing('USERNAME');
  const user = svc.store.findUser(username);
  svc.checkSecretHash(params.SECRET_HASH, [username]);
  return startPasswordSrp(svc, username, user, params.SRP_A);
}

/**
 * PASSWORD_VERIFIER: the client's signature over the secret block. Lockout and a disabled user
 * are told before the proof is checked, as for USER_PASSWORD_AUTH; a wrong proof counts as a
 * wrong password. The session answers once.
 */
export async function answerPasswordVerifier(
  svc: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  const session = svc.readSession(sessionId, ['PASSWORD_VERIFIER']);
  if (!responses.USERNAME) throw missing('USERNAME');
  const { block, signature, timestamp } = verifierAnswer(responses);
  // Only the format is checked: whether Cognito also refuses a TIMESTAMP far from its clock is
  // unconfirmed (README: known differences), and the conformance tests move this pool's clock.
  if (parseTimestamp(timestamp) === undefined)
    throw invalidParameter('TIMESTAMP is not a valid value.');
  const user = session.simulated ? undefined : svc.store.getUser(session.sub);
  checkChallengeHash(svc, responses);
  if (session.simulated) {
    svc.useSession(sessionId!, session);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  if (!user) throw notAuthorized(MESSAGES.invalidSession);
  checkAnswerName(svc, responses, user);
  if (svc.isLocked(user.signInFailures)) throw notAuthorized(MESSAGES.passwordAttemptsExceeded);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  const srp = session.srp!;
  const verifier = user.passwordVerifier?.verifier;
  const key = verifier
    ? sessionKey(hexToBig(srp.A), hexToBig(srp.B), hexToBig(srp.b), hexToBig(verifier))
    : undefined;
  const holds =
    block === srp.secretBlock &&
    key !== undefined &&
    signatureMatches(expectedSignature(key, POOL_NAME, user.sub, block, timestamp), signature);
  if (!holds) {
    svc.recordFailure(user.signInFailures);
    recordAttempt(svc, user, false, [{ name: 'Password', ok: false }]);
    svc.store.saveUser(user);
    svc.useSession(sessionId!, session);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  svc.useSession(sessionId!, session);
  provenBySrp();
  return afterPassword(svc, user);
}
