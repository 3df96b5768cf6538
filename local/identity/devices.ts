import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import { REGION } from './config';
import { resourceNotFound, MESSAGES } from './errors';
import type { PoolSettings } from './settings';
import type { AuthEventRecord, DeviceRecord, SessionRecord, UserRecord } from './store';

/** What of the service the device rules read: its settings and clock (no import of it back). */
type IdentityService = { readonly settings: PoolSettings; now(): number };

/**
 * Device tracking (remembered devices) and the sign-in records of threat protection, as Cognito
 * keeps them: what one sign-in attempt named (its device and address) travels with the request,
 * so the steps every sign-in shares (sign-in.ts) can issue or recognise a device and record the
 * attempt without each flow passing it along.
 */

/** What one request's sign-in attempt carries besides its credentials. */
export interface Attempt {
  /** The HTTP peer the server saw. */
  peer?: string;
  /** The person's address: UserContextData.IpAddress, else the peer. */
  ip?: string;
  /** DEVICE_KEY of the sign-in (AuthParameters, ChallengeResponses, or the session's). */
  deviceKey?: string;
  /** The sign-in's AuthFlow (InitiateAuth's, or the one its session started with). */
  flow?: string;
  /** The password was proven by SRP in this request (PASSWORD_VERIFIER). */
  srp?: boolean;
}

const storage = new AsyncLocalStorage<Attempt>();

/** Runs one HTTP request with the peer address known (server.ts). */
export function withPeer<T>(peer: string | undefined, run: () => Promise<T>): Promise<T> {
  return storage.run(peer ? { peer } : {}, run);
}

/** Runs one sign-in step (InitiateAuth, RespondToAuthChallenge) with what it named. */
export function withAttempt<T>(
  init: { ip?: string; deviceKey?: string; flow?: string },
  run: () => Promise<T>,
): Promise<T> {
  const peer = storage.getStore()?.peer;
  const ip = init.ip ?? peer;
  return storage.run(
    {
      ...(peer ? { peer } : {}),
      ...(ip ? { ip } : {}),
      ...(init.deviceKey ? { deviceKey: init.deviceKey } : {}),
      ...(init.flow ? { flow: init.flow } : {}),
    },
    run,
  );
}

export function attempt(): Attempt {
  return storage.getStore() ?? {};
}

/** A challenge session carries the attempt's device and flow on; its answer names the device again. */
export function carryDevice(session: Pick<SessionRecord, 'deviceKey' | 'flow'>): void {
  const current = storage.getStore();
  if (current && !current.deviceKey && session.deviceKey) current.deviceKey = session.deviceKey;
  if (current && !current.flow && session.flow) current.flow = session.flow;
}

/** Marks this request's password step as proven by SRP (PASSWORD_VERIFIER). */
export function provenBySrp(): void {
  const current = storage.getStore();
  if (current) current.srp = true;
}

/**
 * A sign-in whose refresh token a pool that tracks devices will not honour: one by
 * USER_PASSWORD_AUTH. AWS Knowledge Center, "Why do I get an Invalid Refresh Token error…":
 * "device tracking is turned on and you obtained a refresh token using the USER_PASSWORD_AUTH
 * authentication flow".
 */
export const refreshRefused = (svc: IdentityService) =>
  tracksDevices(svc) &&
  (attempt().flow === 'USER_PASSWORD_AUTH' || attempt().flow === 'ADMIN_USER_PASSWORD_AUTH');

export const tracksDevices = (svc: IdentityService) => svc.settings.deviceTracking !== 'off';

export function findDevice(user: UserRecord, key: string | undefined): DeviceRecord | undefined {
  return key ? user.devices?.find((d) => d.key === key) : undefined;
}

/** A sign-in that names a device the pool does not know for this user: Cognito's not-found. */
export function checkNamedDevice(svc: IdentityService, user: UserRecord): void {
  const { deviceKey } = attempt();
  if (!tracksDevices(svc) || !deviceKey) return;
  if (!findDevice(user, deviceKey)) throw resourceNotFound(MESSAGES.deviceNotFound);
}

/**
 * Whether the attempt's device may stand in for the MFA code: the pool suppresses MFA on
 * remembered devices, the password was proven by SRP (AWS Knowledge Center, "How do I use
 * remembered devices in my user pool?": "You must use the USER_SRP_AUTH authentication flow to use
 * the device tracking feature"), and the device is confirmed (has a verifier) and remembered.
 */
export function rememberedDevice(svc: IdentityService, user: UserRecord): DeviceRecord | undefined {
  if (!tracksDevices(svc) || !svc.settings.deviceMfaBypass || !attempt().srp) return undefined;
  const device = findDevice(user, attempt().deviceKey);
  return device?.confirmed && device.remembered && device.verifier && device.salt
    ? device
    : undefined;
}

/** Unconfirmed devices kept per user (each sign-in without a device key issues one). */
const MAX_UNCONFIRMED = 20;
/** Sign-in records kept per user. */
export const MAX_EVENTS = 100;

/**
 * The device a successful sign-in is issued to: the one it named (its last sign-in and address
 * updated), or a new one (NewDeviceMetadata). The caller saves the user.
 */
export function deviceForSignIn(
  svc: IdentityService,
  user: UserRecord,
): { key: string; groupKey?: string; isNew: boolean } | undefined {
  if (!tracksDevices(svc)) return undefined;
  const { deviceKey, ip, flow } = attempt();
  if (svc.settings.deviceFlows === 'srp' && flow !== 'USER_SRP_AUTH') return undefined;
  const now = svc.now();
  const known = findDevice(user, deviceKey);
  if (known) {
    known.lastAuthenticatedAt = now;
    if (ip) known.lastIp = ip;
    return { key: known.key, isNew: false };
  }
  user.deviceGroupKey ??= `-${randomBytes(7).toString('base64url')}`;
  const device: DeviceRecord = {
    key: `${REGION}_${randomUUID()}`,
    confirmed: false,
    remembered: false,
    createdAt: now,
    modifiedAt: now,
    lastAuthenticatedAt: now,
    ...(ip ? { lastIp: ip } : {}),
  };
  const devices = [...(user.devices ?? []), device];
  const unconfirmed = devices.filter((d) => !d.confirmed);
  const drop = new Set(unconfirmed.slice(0, Math.max(0, unconfirmed.length - MAX_UNCONFIRMED)));
  user.devices = devices.filter((d) => !drop.has(d));
  return { key: device.key, groupKey: user.deviceGroupKey, isNew: true };
}

/** Records one sign-in attempt when threat protection is on. The caller saves the user. */
export function recordAttempt(
  svc: IdentityService,
  user: UserRecord,
  pass: boolean,
  challenges: AuthEventRecord['challenges'],
  deviceKey = attempt().deviceKey,
): void {
  if (svc.settings.threatProtection === 'off') return;
  const { ip } = attempt();
  const device = findDevice(user, deviceKey);
  const event: AuthEventRecord = {
    id: randomUUID(),
    at: svc.now(),
    pass,
    challenges,
    ...(ip ? { ip } : {}),
    ...(deviceKey ? { deviceKey } : {}),
    ...(device?.name ? { deviceName: device.name } : {}),
  };
  user.authEvents = [event, ...(user.authEvents ?? [])].slice(0, MAX_EVENTS);
}
