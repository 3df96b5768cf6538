import { randomBytes } from 'node:crypto';
import { MAX_SESSION_ATTEMPTS } from '../config';
import { findDevice, recordAttempt, tracksDevices } from '../devices';
import {
  invalidParameter,
  notAuthorized,
  resourceNotFound,
  userNotFound,
  userPoolAddOnNotEnabled,
  MESSAGES,
} from '../errors';
import { enumValue, RULES, type Input } from '../protocol';
import type { IdentityService } from '../service';
import type { DeviceRecord, UserRecord } from '../store';
import {
  expectedSignature,
  N,
  parseTimestamp,
  serverEphemeral,
  sessionKey,
  signatureMatches,
} from '../srp';
import { checkAnswerName, checkChallengeHash, missing, signedIn, verifierAnswer } from './sign-in';
import type { Operation } from './shared';

/**
 * Remembered devices (ConfirmDevice, GetDevice, ListDevices, UpdateDeviceStatus, ForgetDevice),
 * the device's proof at sign-in (DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER), and the sign-in
 * records of threat protection (AdminListUserAuthEvents).
 */

const DEVICE_KEY = { min: 1, max: 55, pattern: /^[\w-]+_[0-9a-f-]+$/ };
/** How far a client's TIMESTAMP may be from the pool's clock. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

function requireTracking(svc: IdentityService): void {
  if (!tracksDevices(svc)) throw invalidParameter(MESSAGES.deviceTrackingOff);
}

function ownDevice(user: UserRecord, key: string): DeviceRecord {
  const device = findDevice(user, key);
  if (!device) throw resourceNotFound(MESSAGES.deviceNotFound);
  return device;
}

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

/** DeviceType, as Cognito describes a device. */
function deviceType(device: DeviceRecord) {
  return {
    DeviceKey: device.key,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      ...(device.lastIp ? [{ Name: 'last_ip_used', Value: device.lastIp }] : []),
      {
        Name: 'device_remembered_status',
        Value: device.remembered ? 'remembered' : 'not_remembered',
      },
    ],
    DeviceCreateDate: seconds(device.createdAt),
    DeviceLastModifiedDate: seconds(device.modifiedAt),
    ...(device.lastAuthenticatedAt !== undefined
      ? { DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedAt) }
      : {}),
  };
}

async function signedInUser(svc: IdentityService, input: Input) {
  const { user } = await svc.authenticate(input.string('AccessToken', RULES.accessToken));
  requireTracking(svc);
  return user;
}

/** Confirms a device the pool issued to this user, with its SRP verifier. */
export const ConfirmDevice: Operation = async (svc, input) => {
  const key = input.string('DeviceKey', DEVICE_KEY);
  const config = input.optObject('DeviceSecretVerifierConfig');
  const verifier = config?.optString('PasswordVerifier', { max: 131072 });
  const salt = config?.optString('Salt', { max: 131072 });
  const name = input.optString('DeviceName', { min: 1, max: 1024 });
  const user = await signedInUser(svc, input);
  const device = ownDevice(user, key);
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
  if ((verifier && !base64.test(verifier)) || (salt && !base64.test(salt)))
    throw invalidParameter('DeviceSecretVerifierConfig must be base64.');
  const firstTime = !device.confirmed;
  device.confirmed = true;
  if (verifier) device.verifier = verifier;
  if (salt) device.salt = salt;
  if (name) device.name = name;
  const optIn = svc.settings.deviceTracking === 'opt-in';
  // "Always" remembers every confirmed device; opt-in waits for UpdateDeviceStatus.
  if (firstTime && !optIn) device.remembered = true;
  device.modifiedAt = svc.now();
  // The sign-in that was issued this device is recorded under its name from now on.
  for (const event of user.authEvents ?? [])
    if (event.deviceKey === key && !event.deviceName && device.name) event.deviceName = device.name;
  svc.store.saveUser(user);
  return { UserConfirmationNecessary: optIn };
};

export const GetDevice: Operation = async (svc, input) => {
  const key = input.string('DeviceKey', DEVICE_KEY);
  const user = await signedInUser(svc, input);
  const device = ownDevice(user, key);
  if (!device.confirmed) throw resourceNotFound(MESSAGES.deviceNotFound);
  return { Device: deviceType(device) };
};

/** The user's confirmed devices, last signed-in first, at most 60 a page. */
function listPage(user: UserRecord, input: Input) {
  const limit = input.optInteger('Limit', { min: 0, max: 60 }) ?? 60;
  const token = input.optString('PaginationToken', { min: 1, max: 1024 });
  let offset = 0;
  if (token !== undefined) {
    const decoded = /^d(\d{1,6})$/.exec(Buffer.from(token, 'base64url').toString());
    if (!decoded) throw invalidParameter('Invalid pagination token.');
    offset = Number(decoded[1]);
  }
  const devices = (user.devices ?? [])
    .filter((d) => d.confirmed)
    .sort(
      (a, b) =>
        (b.lastAuthenticatedAt ?? b.createdAt) - (a.lastAuthenticatedAt ?? a.createdAt) ||
        a.key.localeCompare(b.key),
    );
  const size = limit === 0 ? 60 : limit;
  const page = devices.slice(offset, offset + size);
  const next = offset + size < devices.length ? offset + size : undefined;
  return {
    Devices: page.map(deviceType),
    ...(next !== undefined
      ? { PaginationToken: Buffer.from(`d${next}`).toString('base64url') }
      : {}),
  };
}

export const ListDevices: Operation = async (svc, input) => {
  const user = await signedInUser(svc, input);
  return listPage(user, input);
};

export const UpdateDeviceStatus: Operation = async (svc, input) => {
  const key = input.string('DeviceKey', DEVICE_KEY);
  const status = input.optString('DeviceRememberedStatus');
  const remembered =
    status === undefined
      ? undefined
      : enumValue('DeviceRememberedStatus', status, ['remembered', 'not_remembered'] as const);
  const user = await signedInUser(svc, input);
  const device = ownDevice(user, key);
  if (remembered !== undefined) device.remembered = remembered === 'remembered';
  device.modifiedAt = svc.now();
  svc.store.saveUser(user);
  return {};
};

/** Forgets a device: no longer listed or remembered, and tokens issued to it no longer refresh. */
function forget(svc: IdentityService, user: UserRecord, key: string) {
  ownDevice(user, key);
  user.devices = (user.devices ?? []).filter((d) => d.key !== key);
  svc.store.saveUser(user);
  return {};
}

export const ForgetDevice: Operation = async (svc, input) => {
  const key = input.string('DeviceKey', DEVICE_KEY);
  const user = await signedInUser(svc, input);
  return forget(svc, user, key);
};

function adminUser(svc: IdentityService, input: Input): UserRecord {
  const username = input.string('Username', RULES.username);
  svc.requirePool(input.string('UserPoolId', RULES.poolId));
  const user = svc.store.findUser(username);
  if (!user) throw userNotFound(MESSAGES.userDoesNotExist);
  return user;
}

export const AdminListDevices: Operation = async (svc, input) => {
  const user = adminUser(svc, input);
  requireTracking(svc);
  return listPage(user, input);
};

export const AdminForgetDevice: Operation = async (svc, input) => {
  const key = input.string('DeviceKey', DEVICE_KEY);
  const user = adminUser(svc, input);
  requireTracking(svc);
  return forget(svc, user, key);
};

// ---- the device's proof at sign-in ----

/** The user of a device challenge, once the answer names the same user and device. */
function challengeUser(
  svc: IdentityService,
  responses: Record<string, string>,
  sub: string,
  sessionDevice: string | undefined,
) {
  if (!responses.USERNAME) throw missing('USERNAME');
  const key = responses.DEVICE_KEY;
  if (!key) throw missing('DEVICE_KEY');
  const user = svc.store.getUser(sub);
  checkChallengeHash(svc, responses);
  if (!user) throw notAuthorized(MESSAGES.invalidSession);
  checkAnswerName(svc, responses, user);
  if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (sessionDevice && key !== sessionDevice) throw notAuthorized(MESSAGES.invalidSession);
  const device = findDevice(user, key);
  if (!device?.confirmed || !device.verifier || !device.salt)
    throw resourceNotFound(MESSAGES.deviceNotFound);
  return { user, device };
}

const hexToBig = (hex: string) => BigInt(`0x${hex}`);
const verifierOf = (device: DeviceRecord) =>
  hexToBig(Buffer.from(device.verifier!, 'base64').toString('hex'));

/** DEVICE_SRP_AUTH: the client's SRP_A; answers the pool's B, the salt and a secret block. */
export async function startDeviceProof(
  svc: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  const session = svc.readSession(sessionId, ['DEVICE_SRP_AUTH']);
  const { user, device } = challengeUser(svc, responses, session.sub, session.deviceKey);
  const srpA = responses.SRP_A;
  if (!srpA) throw missing('SRP_A');
  if (!/^[0-9a-fA-F]{1,1536}$/.test(srpA) || hexToBig(srpA) % N === 0n)
    throw invalidParameter('SRP_A is not a valid value.');
  const { b, B } = serverEphemeral(verifierOf(device));
  const secretBlock = randomBytes(64).toString('base64');
  svc.useSession(sessionId!, session);
  const next = svc.createSession('DEVICE_PASSWORD_VERIFIER', user.sub, {
    deviceKey: device.key,
    srp: { A: srpA, B: B.toString(16), b: b.toString(16), secretBlock },
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: next,
    ChallengeParameters: {
      SRP_B: B.toString(16),
      SALT: Buffer.from(device.salt!, 'base64').toString('hex'),
      SECRET_BLOCK: secretBlock,
      USERNAME: user.sub,
      DEVICE_KEY: device.key,
    },
  };
}

/** DEVICE_PASSWORD_VERIFIER: the client's signature over the secret block; tokens when it holds. */
export async function answerDeviceProof(
  svc: IdentityService,
  sessionId: string | undefined,
  responses: Record<string, string>,
) {
  const session = svc.readSession(sessionId, ['DEVICE_PASSWORD_VERIFIER']);
  const { user, device } = challengeUser(svc, responses, session.sub, session.deviceKey);
  const { block, signature, timestamp } = verifierAnswer(responses);
  const at = parseTimestamp(timestamp);
  if (at === undefined || Math.abs(at - svc.now()) > CLOCK_SKEW_MS)
    throw invalidParameter('TIMESTAMP is not a valid value.');
  const srp = session.srp!;
  const key = sessionKey(hexToBig(srp.A), hexToBig(srp.B), hexToBig(srp.b), verifierOf(device));
  const holds =
    block === srp.secretBlock &&
    key !== undefined &&
    signatureMatches(
      expectedSignature(key, user.deviceGroupKey ?? '', device.key, block, timestamp),
      signature,
    );
  if (!holds) {
    recordAttempt(svc, user, false, [
      { name: 'Password', ok: true },
      // The remembered device stands in for the MFA step (Cognito names only Password and Mfa).
      { name: 'Mfa', ok: false },
    ]);
    svc.store.saveUser(user);
    session.attempts += 1;
    if (session.attempts >= MAX_SESSION_ATTEMPTS) svc.store.deleteSession(sessionId!);
    else svc.store.putSession(sessionId!, session);
    throw notAuthorized(MESSAGES.incorrectCredentials);
  }
  svc.useSession(sessionId!, session);
  // ChallengeNameType has only Password and Mfa: the remembered device answered for the MFA step.
  return signedIn(svc, user, [
    { name: 'Password', ok: true },
    { name: 'Mfa', ok: true },
  ]);
}

// ---- threat protection's records ----

/** The user's sign-in attempts, newest first (AdminListUserAuthEvents). */
export const AdminListUserAuthEvents: Operation = async (svc, input) => {
  const max = input.optInteger('MaxResults', { min: 0, max: 60 }) ?? 60;
  const token = input.optString('NextToken', { min: 1, max: 1024 });
  const user = adminUser(svc, input);
  if (svc.settings.threatProtection === 'off')
    throw userPoolAddOnNotEnabled(MESSAGES.threatProtectionOff);
  let offset = 0;
  if (token !== undefined) {
    const decoded = /^e(\d{1,4})$/.exec(Buffer.from(token, 'base64url').toString());
    if (!decoded) throw invalidParameter('Invalid next token.');
    offset = Number(decoded[1]);
  }
  const events = user.authEvents ?? [];
  const size = max === 0 ? 60 : max;
  const page = events.slice(offset, offset + size);
  const next = offset + size < events.length ? offset + size : undefined;
  return {
    AuthEvents: page.map((e) => ({
      EventId: e.id,
      EventType: 'SignIn',
      CreationDate: e.at / 1000,
      EventResponse: e.pass ? 'Pass' : 'Fail',
      EventRisk: {
        RiskDecision: 'NoRisk',
        RiskLevel: 'Low',
        CompromisedCredentialsDetected: false,
      },
      ChallengeResponses: e.challenges.map((c) => ({
        ChallengeName: c.name,
        ChallengeResponse: c.ok ? 'Success' : 'Failure',
      })),
      EventContextData: {
        ...(e.ip ? { IpAddress: e.ip } : {}),
        DeviceName: e.deviceName ?? 'Unknown',
      },
    })),
    ...(next !== undefined ? { NextToken: Buffer.from(`e${next}`).toString('base64url') } : {}),
  };
};
