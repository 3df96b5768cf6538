import 'server-only';
import { confirmDevice, setDeviceRemembered, type NewDevice } from '@/lib/cognito';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { takeQuota } from '@/lib/http/rate-limit';
import { unsealAs, type DeviceEntry, type SealedData } from '@/lib/session/seal';
import { deviceName } from '@/lib/http/user-agent';

/**
 * Cognito's UserResourceUpdate category (ConfirmDevice, UpdateDeviceStatus, ForgetDevice) allows
 * 25 calls a second per account and Region and cannot be raised ("Quotas in Amazon Cognito").
 * Every call the product makes in it takes a unit of a share of it (DEVICE_CONFIRMS_PER_SECOND,
 * across instances through REDIS_URL): a new device is confirmed at sign-in only within the share;
 * past it, the confirmation waits for a later request (decision 054). A call that cannot wait
 * takes its unit whether or not one is left, so the sign-ins that can wait do.
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
  // The caller took this call's unit; the retry and the choice take theirs.
  let confirmed = await confirmDevice(accessToken, device, name, secret);
  if (!confirmed.ok && confirmed.failure.kind === 'unavailable') {
    await deviceQuota();
    confirmed = await confirmDevice(accessToken, device, name, secret);
  }
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
    await deviceQuota();
    const set = await setDeviceRemembered(accessToken, device.key, status);
    if (!set.ok) log.warn('device.remember_failed', { reason: set.failure.name });
  }
  const remembered = choiceNeeded ? remember === true : status !== false;
  log.info('device.confirmed', { remembered });
  return { ok: true, secret: credentials.secret, remembered };
}

/** What the guard does with a waiting device: keep waiting, or drop it (with the device cookie). */
export type DueOutcome = { keep: true } | { keep: false; device?: DeviceEntry };

/**
 * The guard's turn for a device whose confirmation waited: on this request's share of the quota,
 * or at once when `now` is true (the access token could expire before the next request the idle
 * rule allows, and Cognito renews tokens only for a confirmed device).
 */
export async function confirmDueDevice(
  due: string,
  session: { accessToken: string; sub: string },
  userAgent: string | null,
  now: boolean,
): Promise<DueOutcome> {
  const env = getEnv();
  const data = await unsealAs('deviceDue', due, env);
  if (!data || data.sub !== session.sub) return { keep: false };
  // A page and its fetches arrive together with the same waiting device: one confirmation.
  const running = inFlight.get(data.key);
  if (running) return running;
  const attempt = confirmWaiting(data, session.accessToken, userAgent, now).finally(() =>
    inFlight.delete(data.key),
  );
  inFlight.set(data.key, attempt);
  return attempt;
}

const inFlight = new Map<string, Promise<DueOutcome>>();

async function confirmWaiting(
  data: SealedData<'deviceDue'>,
  accessToken: string,
  userAgent: string | null,
  now: boolean,
): Promise<DueOutcome> {
  // Within a share, or at once (taking a unit all the same) when it cannot wait any longer.
  if (!(await deviceQuota()) && !now) return { keep: true };
  const done = await confirmNewDevice(
    accessToken,
    { key: data.key, groupKey: data.groupKey },
    userAgent,
    data.remember,
    data.secret,
  );
  if (!done.ok) return done.retry ? { keep: true } : { keep: false };
  log.info('device.confirmed_later');
  const { key, groupKey, sub, email } = data;
  return { keep: false, device: { sub, email, key, groupKey, secret: done.secret } };
}
