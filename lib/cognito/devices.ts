import 'server-only';
import {
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  ListDevicesCommand,
  UpdateDeviceStatusCommand,
  type DeviceType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './client';
import { deviceVerifier } from './srp';
import { type DeviceCredentials, type NewDevice, attempt } from './shared';

// Remembered devices: confirming, remembering, listing, forgetting.

/** A device of the signed-in user, as ListDevices describes it. */
export type TrackedDevice = {
  key: string;
  name: string;
  remembered: boolean;
  lastIp?: string;
  /** Seconds since the epoch. */
  lastSignInAt?: number;
  createdAt?: number;
};

export const seconds = (d: Date | undefined) => (d ? Math.floor(d.getTime() / 1000) : undefined);

export function trackedDevice(device: DeviceType): TrackedDevice | undefined {
  if (!device.DeviceKey) return undefined;
  const attr = Object.fromEntries(
    (device.DeviceAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']),
  );
  return {
    key: device.DeviceKey,
    name: attr.device_name || 'Unnamed device',
    remembered: attr.device_remembered_status === 'remembered',
    ...(attr.last_ip_used ? { lastIp: attr.last_ip_used } : {}),
    ...(device.DeviceLastAuthenticatedDate
      ? { lastSignInAt: seconds(device.DeviceLastAuthenticatedDate) }
      : {}),
    ...(device.DeviceCreateDate ? { createdAt: seconds(device.DeviceCreateDate) } : {}),
  };
}

/**
 * Confirms the device a sign-in was just issued, with a verifier of a fresh secret (device SRP):
 * answers the credentials to keep for this browser, and whether the pool waits for the person's
 * choice before remembering it (opt-in) or has remembered it already (always).
 */
export function confirmDevice(accessToken: string, device: NewDevice, name: string) {
  return attempt('devices', async () => {
    const { secret, salt, verifier } = await deviceVerifier(device.groupKey, device.key);
    const out = await cognito().send(
      new ConfirmDeviceCommand({
        AccessToken: accessToken,
        DeviceKey: device.key,
        DeviceName: name,
        DeviceSecretVerifierConfig: { PasswordVerifier: verifier, Salt: salt },
      }),
    );
    return {
      credentials: { ...device, secret } satisfies DeviceCredentials,
      choiceNeeded: out.UserConfirmationNecessary === true,
    };
  });
}

/** Remembers a device (a later sign-in on it skips the two-step code) or stops remembering it. */
export function setDeviceRemembered(accessToken: string, deviceKey: string, remembered: boolean) {
  return attempt('devices', async () => {
    await cognito().send(
      new UpdateDeviceStatusCommand({
        AccessToken: accessToken,
        DeviceKey: deviceKey,
        DeviceRememberedStatus: remembered ? 'remembered' : 'not_remembered',
      }),
    );
  });
}

/** Spec §9: devices are listed 60 to a page. */
export const DEVICE_PAGE_SIZE = 60;

/** One page of the signed-in user's devices, and the token of the next page if there is one. */
export function listDevices(accessToken: string, pageToken?: string) {
  return attempt('devices', async () => {
    const out = await cognito().send(
      new ListDevicesCommand({
        AccessToken: accessToken,
        Limit: DEVICE_PAGE_SIZE,
        ...(pageToken ? { PaginationToken: pageToken } : {}),
      }),
    );
    return {
      devices: (out.Devices ?? []).flatMap((d) => trackedDevice(d) ?? []),
      ...(out.PaginationToken ? { next: out.PaginationToken } : {}),
    };
  });
}

/** Forgets a device: it is no longer listed or remembered, and its sign-in ends at its next refresh. */
export function forgetDevice(accessToken: string, deviceKey: string) {
  return attempt('devices', async () => {
    await cognito().send(
      new ForgetDeviceCommand({ AccessToken: accessToken, DeviceKey: deviceKey }),
    );
  });
}
