import {
  DEVICES_PER_BROWSER,
  sealAs,
  unsealAs,
  type DeviceEntry,
  type SealedData,
} from '@/lib/session/seal';
import type { Env } from '@/lib/runtime/env';

/**
 * The Cognito devices this browser holds, one for each account signed in here (the newest first).
 * One list, not one device: when two people take turns on a shared browser, each account finds its
 * own device key again and stays one row in its Devices list, instead of a new device each turn.
 */
export function devicesIn(data: SealedData<'device'> | null | undefined): DeviceEntry[] {
  if (!data) return [];
  if (data.v === 1) {
    const { sub, email, key, groupKey, secret } = data;
    return [{ sub, email, key, groupKey, secret }];
  }
  return data.devices;
}

/** `entry` first, in place of the same account's; the longest unused dropped past the cap. */
export function listFirst(list: DeviceEntry[], entry: DeviceEntry): DeviceEntry[] {
  return [entry, ...list.filter((d) => d.sub !== entry.sub && d.key !== entry.key)].slice(
    0,
    DEVICES_PER_BROWSER,
  );
}

type Secrets = Pick<Env, 'sessionPasswords'> & Partial<Pick<Env, 'sessionSealId'>>;

export async function readDevices(value: string | undefined, env: Secrets) {
  return devicesIn(await unsealAs('device', value, env));
}

/** A browser keeps a cookie of 4,096 bytes with its name and attributes. */
export const DEVICE_COOKIE_MAX_BYTES = 3_800;

/**
 * The cookie's value for `list`: empty when nothing is left; the longest unused accounts' devices
 * left out while it would be too long (long addresses), the newest always kept.
 */
export async function sealDevices(list: DeviceEntry[], env: Secrets): Promise<string> {
  for (let kept = list; kept.length > 0; kept = kept.slice(0, -1)) {
    const value = await sealAs('device', { v: 2, devices: kept }, env);
    if (value.length <= DEVICE_COOKIE_MAX_BYTES || kept.length === 1) return value;
  }
  return '';
}
