/**
 * Passkey management with the signed-in user's access token: StartWebAuthnRegistration,
 * CompleteWebAuthnRegistration, ListWebAuthnCredentials, DeleteWebAuthnCredential; and
 * GetUserAuthFactors, which says what the user can sign in with.
 */
import { MAX_PASSKEYS, WEBAUTHN_REGISTRATION_TTL_MS } from '../config';
import {
  invalidParameter,
  limitExceeded,
  resourceNotFound,
  webAuthnChallengeNotFound,
  webAuthnCredentialNotSupported,
  webAuthnNotEnabled,
  webAuthnOriginNotAllowed,
  webAuthnRelyingPartyMismatch,
  MESSAGES,
} from '../errors';
import { RULES } from '../protocol';
import type { IdentityService } from '../service';
import type { PasskeyRecord } from '../store';
import {
  creationOptions,
  newChallenge,
  originAllowed,
  readRegistration,
  SUPPORTED_ALGORITHMS,
  verifyRegistration,
} from '../webauthn';
import { mfaSettings, type Operation } from './shared';
import { availableChallenges } from './user-auth';

/** StartWebAuthnRegistration and CompleteWebAuthnRegistration need WEB_AUTHN among the pool's factors. */
function requirePasskeys(svc: IdentityService): void {
  if (!svc.settings.allowedFirstAuthFactors.includes('WEB_AUTHN'))
    throw webAuthnNotEnabled(MESSAGES.webAuthnNotEnabled);
}

export const StartWebAuthnRegistration: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const { user } = await svc.authenticate(accessToken);
  requirePasskeys(svc);
  if ((user.passkeys?.length ?? 0) >= MAX_PASSKEYS) throw limitExceeded(MESSAGES.passkeyLimit);
  // A new start replaces a registration still in progress.
  const challenge = newChallenge();
  user.pendingRegistration = { challenge, expiresAt: svc.now() + WEBAUTHN_REGISTRATION_TTL_MS };
  svc.store.saveUser(user);
  return {
    CredentialCreationOptions: creationOptions(
      user,
      svc.settings.webAuthnRelyingPartyId,
      challenge,
      svc.settings.webAuthnUserVerification,
    ),
  };
};

/**
 * Checks, in order: the credential can be read (InvalidParameterException); a registration is in
 * progress, unexpired, for this challenge (WebAuthnChallengeNotFoundException); the origin fits the
 * relying party (WebAuthnOriginNotAllowedException); the authenticator data names the relying party
 * (WebAuthnRelyingPartyMismatchException); the key is ES256 or RS256 and, where required, the user
 * was verified (WebAuthnCredentialNotSupportedException); then the attestation itself.
 */
export const CompleteWebAuthnRegistration: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const credential = input.document('Credential');
  const { user } = await svc.authenticate(accessToken);
  requirePasskeys(svc);
  const read = readRegistration(credential);
  const pending = user.pendingRegistration;
  if (!pending || pending.expiresAt <= svc.now())
    throw webAuthnChallengeNotFound(MESSAGES.webAuthnNoChallenge);
  if (read.clientData.type !== 'webauthn.create') throw invalidParameter(MESSAGES.webAuthnInvalid);
  if (read.clientData.challenge !== pending.challenge)
    throw webAuthnChallengeNotFound(MESSAGES.webAuthnNoChallenge);
  const rpId = svc.settings.webAuthnRelyingPartyId;
  if (!originAllowed(read.clientData.origin, rpId))
    throw webAuthnOriginNotAllowed(MESSAGES.webAuthnOrigin);
  if (!read.rpIdMatches(rpId)) throw webAuthnRelyingPartyMismatch(MESSAGES.webAuthnRelyingParty);
  if (read.algorithm === undefined || !SUPPORTED_ALGORITHMS.includes(read.algorithm))
    throw webAuthnCredentialNotSupported(MESSAGES.webAuthnNotSupported);
  const requireUserVerification = svc.settings.webAuthnUserVerification === 'required';
  if (requireUserVerification && !read.userVerified)
    throw webAuthnCredentialNotSupported(MESSAGES.webAuthnUvRequired);
  if ((user.passkeys ?? []).some((p) => p.id === read.credentialId))
    throw invalidParameter(MESSAGES.webAuthnAlreadyRegistered);
  if ((user.passkeys?.length ?? 0) >= MAX_PASSKEYS) throw limitExceeded(MESSAGES.passkeyLimit);
  const passkey = await verifyRegistration(read, {
    challenge: pending.challenge,
    rpId,
    requireUserVerification,
    now: svc.now(),
  });
  if (!passkey) throw invalidParameter(MESSAGES.webAuthnInvalid);
  user.passkeys = [...(user.passkeys ?? []), passkey];
  delete user.pendingRegistration;
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

const description = (p: PasskeyRecord) => ({
  CredentialId: p.id,
  FriendlyCredentialName: p.friendlyName,
  RelyingPartyId: p.rpId,
  ...(p.attachment ? { AuthenticatorAttachment: p.attachment } : {}),
  AuthenticatorTransports: p.transports,
  CreatedAt: p.createdAt / 1000,
});

/** NextToken: where the next page starts, opaque to the caller. */
const pageToken = (offset: number) => Buffer.from(`passkeys:${offset}`).toString('base64url');
function pageOffset(token: string | undefined, total: number): number {
  if (token === undefined) return 0;
  const match = /^passkeys:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(offset) || offset < 1 || offset > total)
    throw invalidParameter(MESSAGES.invalidNextToken);
  return offset;
}

export const ListWebAuthnCredentials: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const nextToken = input.optString('NextToken', { min: 1, max: 131072, pattern: /\S/ });
  // The model allows 0 (WebAuthnCredentialsQueryLimitType, 0-20): like AdminListUserAuthEvents'
  // 0, it asks for the default page (unconfirmed, local/identity/README.md).
  const maxResults = input.optInteger('MaxResults', { min: 0, max: 20 }) || 20;
  const { user } = await svc.authenticate(accessToken);
  const all = [...(user.passkeys ?? [])].sort((a, b) => a.createdAt - b.createdAt);
  const offset = pageOffset(nextToken, all.length);
  const page = all.slice(offset, offset + maxResults);
  const next = offset + page.length;
  return {
    Credentials: page.map(description),
    ...(next < all.length ? { NextToken: pageToken(next) } : {}),
  };
};

export const DeleteWebAuthnCredential: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  // The model allows an empty id (StringType, 0-131072): no passkey has it, so it is not found.
  const credentialId = input.string('CredentialId', { max: 131072 });
  const { user } = await svc.authenticate(accessToken);
  const passkeys = user.passkeys ?? [];
  if (!passkeys.some((p) => p.id === credentialId))
    throw resourceNotFound(MESSAGES.passkeyNotFound);
  user.passkeys = passkeys.filter((p) => p.id !== credentialId);
  user.updatedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

/**
 * ConfiguredUserAuthFactors: what USER_AUTH offers the user (PASSWORD standing for both password
 * choices), plus SOFTWARE_TOKEN when TOTP MFA is on.
 */
export const GetUserAuthFactors: Operation = async (svc, input) => {
  const accessToken = input.string('AccessToken', RULES.accessToken);
  const { user } = await svc.authenticate(accessToken);
  const factors: string[] = availableChallenges(svc, user).filter((c) => c !== 'PASSWORD_SRP');
  if (user.mfa.enabled && user.mfa.secret) factors.push('SOFTWARE_TOKEN');
  return {
    Username: user.sub,
    ...mfaSettings(user),
    ConfiguredUserAuthFactors: factors,
  };
};
