/**
 * Passkeys (WebAuthn) as Cognito serves them: the options it hands out, the origin rule it applies,
 * and the checks behind CompleteWebAuthnRegistration and the WEB_AUTHN sign-in challenge. The
 * cryptography is @simplewebauthn/server's; this module reads the browser's JSON first, so that a
 * malformed or foreign credential gets Cognito's answer instead of a library error.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  convertAAGUIDToString,
  decodeAttestationObject,
  decodeCredentialPublicKey,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { WEBAUTHN_CREATE_TIMEOUT_MS, WEBAUTHN_GET_TIMEOUT_MS } from './config';
import { invalidParameter, MESSAGES } from './errors';
import type { UserVerification } from './settings';
import type { PasskeyRecord, UserRecord } from './store';

/** Cognito: "passkeys created using either of two asymmetric cryptographic algorithms, ES256(-7)
 * and RS256(-257)". */
export const SUPPORTED_ALGORITHMS = [-7, -257];

/** Not documented: Cognito calls it "an automatically-generated friendly name". */
export const DEFAULT_FRIENDLY_NAME = 'Passkey';

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: string) => createHash('sha256').update(data).digest();
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A fresh ceremony challenge: 16 random bytes, base64url (as Cognito's are). */
export const newChallenge = () => randomBytes(16).toString('base64url');

/** The WebAuthn user handle Cognito gives a user: their sub, base64url. */
export const userHandle = (user: UserRecord) => b64url(user.sub);

/**
 * Cognito's origin rule: the page's host is the relying party id or one of its subdomains, over
 * https; http only on localhost (browsers allow WebAuthn there as a secure context).
 */
export function originAllowed(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const host = url.hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (host === 'localhost' || host.endsWith('.localhost'));
}

/** PublicKeyCredentialCreationOptionsJSON, as StartWebAuthnRegistration's CredentialCreationOptions. */
export function creationOptions(
  user: UserRecord,
  rpId: string,
  challenge: string,
  userVerification: UserVerification,
) {
  return {
    rp: { id: rpId, name: rpId },
    user: { id: userHandle(user), name: user.email, displayName: '' },
    challenge,
    pubKeyCredParams: SUPPORTED_ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
    timeout: WEBAUTHN_CREATE_TIMEOUT_MS,
    excludeCredentials: (user.passkeys ?? []).map((p) => ({ type: 'public-key', id: p.id })),
    authenticatorSelection: {
      requireResidentKey: true,
      residentKey: 'required',
      userVerification,
    },
  };
}

/** PublicKeyCredentialRequestOptionsJSON, as the WEB_AUTHN challenge's CREDENTIAL_REQUEST_OPTIONS. */
export function requestOptions(
  credentialIds: string[],
  rpId: string,
  challenge: string,
  userVerification: UserVerification,
) {
  return {
    hints: [],
    attestation: 'none',
    attestationFormats: [],
    challenge,
    timeout: WEBAUTHN_GET_TIMEOUT_MS,
    rpId,
    allowCredentials: credentialIds.map((id) => ({ id, type: 'public-key' })),
    userVerification,
  };
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isB64url = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && BASE64URL.test(v);

export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

function clientData(encoded: string): ClientData {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  }
  if (
    !isObject(value) ||
    typeof value.type !== 'string' ||
    typeof value.challenge !== 'string' ||
    typeof value.origin !== 'string'
  )
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  return { type: value.type, challenge: value.challenge, origin: value.origin };
}

/** `authenticatorData` read, or InvalidParameterException. */
function authenticatorData(bytes: Uint8Array) {
  try {
    return parseAuthenticatorData(new Uint8Array(bytes));
  } catch {
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  }
}

const rpIdMatches = (rpIdHash: Uint8Array, rpId: string) =>
  Buffer.from(rpIdHash).equals(sha256(rpId));

/** A RegistrationResponseJSON (the Credential document), read far enough to judge it. */
export interface ReadRegistration {
  response: RegistrationResponseJSON;
  clientData: ClientData;
  credentialId: string;
  /** Whether authenticatorData's relying party id hash is that of `rpId`. */
  rpIdMatches: (rpId: string) => boolean;
  algorithm: number | undefined;
  userVerified: boolean;
  aaguid: string;
}

/** Reads CompleteWebAuthnRegistration's Credential, or throws InvalidParameterException. */
export function readRegistration(credential: unknown): ReadRegistration {
  if (!isObject(credential) || !isB64url(credential.id) || credential.type !== 'public-key')
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  const response = credential.response;
  if (
    !isObject(response) ||
    !isB64url(response.clientDataJSON) ||
    !isB64url(response.attestationObject)
  )
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  const data = clientData(response.clientDataJSON);
  let authData: Uint8Array;
  try {
    authData = decodeAttestationObject(Buffer.from(response.attestationObject, 'base64url')).get(
      'authData',
    );
  } catch {
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  }
  if (!(authData instanceof Uint8Array)) throw invalidParameter(MESSAGES.webAuthnInvalid);
  const parsed = authenticatorData(authData);
  if (!parsed.credentialID || !parsed.credentialPublicKey)
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  let algorithm: number | undefined;
  try {
    algorithm = decodeCredentialPublicKey(parsed.credentialPublicKey).get(3);
  } catch {
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  }
  const normalized = {
    ...credential,
    rawId: isB64url(credential.rawId) ? credential.rawId : credential.id,
    clientExtensionResults: isObject(credential.clientExtensionResults)
      ? credential.clientExtensionResults
      : {},
  } as unknown as RegistrationResponseJSON;
  return {
    response: normalized,
    clientData: data,
    credentialId: b64url(parsed.credentialID),
    rpIdMatches: (rpId) => rpIdMatches(parsed.rpIdHash, rpId),
    algorithm,
    userVerified: parsed.flags.uv,
    aaguid: parsed.aaguid ? convertAAGUIDToString(parsed.aaguid) : '',
  };
}

/**
 * Verifies the attestation (signature where there is one, challenge, origin, relying party, user
 * presence and, when required, verification): the passkey to store, or undefined.
 */
export async function verifyRegistration(
  read: ReadRegistration,
  expected: { challenge: string; rpId: string; requireUserVerification: boolean; now: number },
): Promise<PasskeyRecord | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response: read.response,
      expectedChallenge: expected.challenge,
      expectedOrigin: read.clientData.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: expected.requireUserVerification,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
    if (!result.verified) return undefined;
    const { credential, aaguid } = result.registrationInfo;
    const transports = read.response.response.transports;
    const attachment = read.response.authenticatorAttachment;
    return {
      id: credential.id,
      publicKey: b64url(credential.publicKey),
      counter: credential.counter,
      transports: Array.isArray(transports)
        ? transports.filter((t): t is NonNullable<typeof t> => typeof t === 'string')
        : [],
      ...(typeof attachment === 'string' ? { attachment } : {}),
      rpId: expected.rpId,
      aaguid,
      friendlyName: DEFAULT_FRIENDLY_NAME,
      createdAt: expected.now,
    };
  } catch {
    return undefined;
  }
}

/** An AuthenticationResponseJSON (the CREDENTIAL challenge response), read far enough to judge it. */
export interface ReadAssertion {
  response: AuthenticationResponseJSON;
  clientData: ClientData;
  credentialId: string;
  rpIdMatches: (rpId: string) => boolean;
  userHandle?: string;
}

/** Reads the WEB_AUTHN challenge's CREDENTIAL (a JSON string), or throws InvalidParameterException. */
export function readAssertion(text: string): ReadAssertion {
  let credential: unknown;
  try {
    credential = JSON.parse(text);
  } catch {
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  }
  if (!isObject(credential) || !isB64url(credential.id) || credential.type !== 'public-key')
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  const response = credential.response;
  if (
    !isObject(response) ||
    !isB64url(response.clientDataJSON) ||
    !isB64url(response.authenticatorData) ||
    !isB64url(response.signature) ||
    (response.userHandle !== undefined &&
      response.userHandle !== null &&
      typeof response.userHandle !== 'string')
  )
    throw invalidParameter(MESSAGES.webAuthnInvalid);
  const data = clientData(response.clientDataJSON);
  const parsed = authenticatorData(Buffer.from(response.authenticatorData, 'base64url'));
  const normalized = {
    ...credential,
    rawId: isB64url(credential.rawId) ? credential.rawId : credential.id,
    clientExtensionResults: isObject(credential.clientExtensionResults)
      ? credential.clientExtensionResults
      : {},
  } as unknown as AuthenticationResponseJSON;
  return {
    response: normalized,
    clientData: data,
    credentialId: credential.id,
    rpIdMatches: (rpId) => rpIdMatches(parsed.rpIdHash, rpId),
    ...(typeof response.userHandle === 'string' && response.userHandle !== ''
      ? { userHandle: response.userHandle }
      : {}),
  };
}

/** Verifies an assertion against a stored passkey: the new signature counter, or undefined. */
export async function verifyAssertion(
  read: ReadAssertion,
  passkey: PasskeyRecord,
  expected: { challenge: string; rpId: string; requireUserVerification: boolean },
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: read.response,
      expectedChallenge: expected.challenge,
      expectedOrigin: read.clientData.origin,
      expectedRPID: expected.rpId,
      requireUserVerification: expected.requireUserVerification,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
