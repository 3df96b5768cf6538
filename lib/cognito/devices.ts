import 'server-only';
import {
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  ListDevicesCommand,
  UpdateDeviceStatusCommand,
  type DeviceType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './client';
import { deviceVerifier } from './srp';
import { type DeviceCredentials, type NewDevice, attempt } from './shared';

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

/** `choiceNeeded`: the pool remembers the device only on the person's choice (opt-in). */
export function confirmDevice(
  accessToken: string,
  device: NewDevice,
  name: string,
  /** The secret the browser already keeps, when the confirmation waited (decision 054). */
  kept?: string,
) {
  return attempt('devices', async () => {
    const { secret, salt, verifier } = await deviceVerifier(device.groupKey, device.key, kept);
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

/** docs/product.md §9.4. */
export const DEVICE_PAGE_SIZE = 60;

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

export function forgetDevice(accessToken: string, deviceKey: string) {
  return attempt('devices', async () => {
    await cognito().send(
      new ForgetDeviceCommand({ AccessToken: accessToken, DeviceKey: deviceKey }),
    );
  });
}

/** One device of the signed-in user, as the pool describes it (GetDevice). */
export function getDevice(accessToken: string, deviceKey: string) {
  return attempt('devices', async () => {
    const out = await cognito().send(
      new GetDeviceCommand({ AccessToken: accessToken, DeviceKey: deviceKey }),
    );
    return (out.Device && trackedDevice(out.Device)) ?? null;
  });
}
