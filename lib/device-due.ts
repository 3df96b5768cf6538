import 'server-only';
import { confirmDevice, setDeviceRemembered, type NewDevice } from '@/lib/cognito';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { takeQuota } from '@/lib/rate-limit';
import { sealDevice, unsealDeviceDue } from '@/lib/session/seal';
import { deviceName } from '@/lib/user-agent';

/**
 * Cognito's UserResourceUpdate category (ConfirmDevice, UpdateDeviceStatus) allows 25 calls a
 * second per account and Region and cannot be raised ("Quotas in Amazon Cognito"). A new device
 * takes one call of a share of it (DEVICE_CONFIRMS_PER_SECOND, across instances through
 * REDIS_URL); past the share its confirmation waits for a later request (decision 054).
 */
export const deviceQuota = () => takeQuota('confirm-device', getEnv().DEVICE_CONFIRMS_PER_SECOND);

export type Confirmed =
  { ok: true; secret: string; remembered: boolean } | { ok: false; retry: boolean };

/**
 * ConfirmDevice, then the person's choice (opt-in pools wait for it; "always" pools remember every
 * device at once). `secret`: the one the browser keeps when the confirmation waited. A busy or
 * unreachable pool is asked once more, then the caller may try again later (`retry`).
 */
export async function confirmNewDevice(
  accessToken: string,
  device: NewDevice,
  userAgent: string | null,
  remember: boolean | undefined,
  secret?: string,
): Promise<Confirmed> {
  const name = deviceName(userAgent);
  let confirmed = await confirmDevice(accessToken, device, name, secret);
  if (!confirmed.ok && confirmed.failure.kind === 'unavailable')
    confirmed = await confirmDevice(accessToken, device, name, secret);
  if (!confirmed.ok) {
    log.warn('device.confirm_failed', { reason: confirmed.failure.name });
    return { ok: false, retry: confirmed.failure.kind === 'unavailable' };
  }
  const { credentials, choiceNeeded } = confirmed.value;
  const status = choiceNeeded
    ? remember
      ? true
      : undefined
    : remember === false
      ? false
      : undefined;
  if (status !== undefined) {
    const set = await setDeviceRemembered(accessToken, device.key, status);
    if (!set.ok) log.warn('device.remember_failed', { reason: set.failure.name });
  }
  const remembered = choiceNeeded ? remember === true : status !== false;
  log.info('device.confirmed', { remembered });
  return { ok: true, secret: credentials.secret, remembered };
}

/** What the guard does with a waiting device: keep waiting, or drop it (with the device cookie). */
export type DueOutcome = { keep: true } | { keep: false; device?: string };

/**
 * The guard's turn for a device whose confirmation waited: on this request's share of the quota,
 * or at once when `now` is true (the tokens are about to be renewed, and Cognito renews them only
 * for a confirmed device).
 */
export async function confirmDueDevice(
  due: string,
  session: { accessToken: string; sub: string },
  userAgent: string | null,
  now: boolean,
): Promise<DueOutcome> {
  const env = getEnv();
  const data = await unsealDeviceDue(due, env);
  if (!data || data.sub !== session.sub) return { keep: false };
  if (!now && !(await deviceQuota())) return { keep: true };
  const done = await confirmNewDevice(
    session.accessToken,
    { key: data.key, groupKey: data.groupKey },
    userAgent,
    data.remember,
    data.secret,
  );
  if (!done.ok) return done.retry ? { keep: true } : { keep: false };
  log.info('device.confirmed_later');
  const { key, groupKey, sub, email } = data;
  return {
    keep: false,
    device: await sealDevice({ v: 1, sub, email, key, groupKey, secret: done.secret }, env),
  };
}
