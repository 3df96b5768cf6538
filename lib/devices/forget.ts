import 'server-only';
import { forgetDevice, listDevices, type Result, type TrackedDevice } from '@/lib/cognito';
import { adminForgetDevice, adminListDevices } from '@/lib/cognito/admin';
import { getDevice } from '@/lib/cognito/devices';
import type { Env } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { deviceQuota } from './due';

/**
 * The most devices one "sign out everywhere" forgets: Cognito allows each user 10 write requests
 * a second ("Quotas in Amazon Cognito", per-user quotas), and the sign-out is one more.
 */
export const FORGETS_AT_ONCE = 8;
/** How long the ways out wait for the pool's devices before they go on without them. */
export const FORGET_BUDGET_MS = 2_000;

/** The device calls of one account: with its access token, or the host's for its username. */
export type AccountDevices = {
  list(): Promise<Result<{ devices: TrackedDevice[] }>>;
  forget(key: string): Promise<Result<void>>;
};

export const withToken = (accessToken: string): AccountDevices => ({
  list: () => listDevices(accessToken),
  forget: (key) => forgetDevice(accessToken, key),
});

export const asHost = (env: Env, username: string): AccountDevices => ({
  list: () => adminListDevices(env, username),
  forget: (key) => adminForgetDevice(env, username, key),
});

/**
 * Forgets the account's remembered devices (and this browser's, `here`, whose entry the caller
 * drops), so none skips the two-step code any more: a sign-out revokes tokens, not devices
 * (decision 016). Forgotten rather than marked not remembered: a browser that held one signs in
 * next as a new device, which its owner is told of. Bounded (one page, FORGETS_AT_ONCE, within
 * FORGET_BUDGET_MS); a failure is logged and never fails the sign-out.
 */
export async function forgetRemembered(devices: AccountDevices, here?: string): Promise<void> {
  const work = forgetAll(devices, here).then(
    () => true,
    (error: unknown) => {
      log.warn('device.forget_failed', { reason: (error as Error)?.name ?? 'unknown' });
      return true;
    },
  );
  if (!(await within(work, FORGET_BUDGET_MS, false))) log.warn('device.forget_timeout');
}

async function forgetAll(devices: AccountDevices, here: string | undefined): Promise<void> {
  // This browser's goes at once: its entry is dropped whatever the list says.
  const [first, listed] = await Promise.all([
    here ? forgetOne(devices, here) : undefined,
    devices.list(),
  ]);
  if (!listed.ok) log.warn('device.forget_failed', { reason: listed.failure.name });
  const others = (listed.ok ? listed.value.devices : [])
    .filter((d) => d.remembered && d.key !== here)
    .map((d) => d.key);
  const room = FORGETS_AT_ONCE - (here ? 1 : 0);
  if (others.length > room) log.warn('device.forget_left', { left: others.length - room });
  const rest = await Promise.all(others.slice(0, room).map((key) => forgetOne(devices, key)));
  const done = [...(first === undefined ? [] : [first]), ...rest];
  log.info('device.forgotten_everywhere', { forgotten: done.filter(Boolean).length });
}

/** Whether the pool has forgotten the device `key` (a device it no longer knows is forgotten). */
async function forgetOne(devices: AccountDevices, key: string): Promise<boolean> {
  // Cognito's UserResourceUpdate category, shared with confirmations (decision 054): this call
  // cannot wait, so it takes its unit whether or not one is left.
  await deviceQuota();
  const out = await devices.forget(key);
  if (out.ok || out.failure.name === 'ResourceNotFoundException') return true;
  log.warn('device.forget_failed', { reason: out.failure.name });
  return false;
}

/** How long a sign-out waits to hear whether this browser's device is remembered. */
export const STATUS_WAIT_MS = 1_000;

/**
 * Whether this browser's device `key` is remembered, as the pool says: false too for one it no
 * longer knows (nothing left to keep); undefined when it cannot say within STATUS_WAIT_MS.
 */
export async function remembered(accessToken: string, key: string): Promise<boolean | undefined> {
  const asked = getDevice(accessToken, key).then((got) => {
    if (got.ok) return got.value?.remembered ?? false;
    if (got.failure.name === 'ResourceNotFoundException') return false;
    log.warn('device.status_failed', { reason: got.failure.name });
    return undefined;
  });
  return within(asked, STATUS_WAIT_MS, undefined);
}

/** Forgets one device of the signed-in account within STATUS_WAIT_MS; a failure is logged. */
export const forgetHere = (accessToken: string, key: string) =>
  within(forgetOne(withToken(accessToken), key), STATUS_WAIT_MS, false);

/** `work`'s answer, or `fallback` once `ms` have passed (the work runs on, unawaited). */
async function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(resolve, ms, fallback);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
