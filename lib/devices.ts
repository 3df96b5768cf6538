import 'server-only';
import { cookies, headers } from 'next/headers';
import { UNKNOWN_ADDRESS } from '@/lib/client-address';
import {
  confirmDevice,
  setDeviceRemembered,
  type DeviceCredentials,
  type Result,
  type SignInContext,
  type SignInOutcome,
} from '@/lib/cognito';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { securityNotice } from '@/lib/notify';
import { clientIp } from '@/lib/rate-limit';
import {
  cookieNames,
  cookieOptions,
  DEVICE_TTL_S,
  sealDevice,
  unsealDevice,
} from '@/lib/session/seal';
import { deviceName } from '@/lib/user-agent';

/**
 * Remembered devices (docs/decisions/016-remembered-devices.md). Cognito tracks each browser a
 * creator signs in on as a device; this server keeps the device's key and SRP secret for the
 * browser in a sealed, httpOnly cookie of 365 days (spec §9), so the next sign-in here names the
 * device, and a remembered one proves itself instead of asking for the two-step code.
 */

/** This browser's device as its cookie holds it, whoever it serves. */
async function storedDevice() {
  const env = getEnv();
  return unsealDevice((await cookies()).get(cookieNames(env).device)?.value, env);
}

/** The key of this browser's device ("This device" in the list), if it has one. */
export async function thisDeviceKey(): Promise<string | undefined> {
  return (await storedDevice())?.key;
}

/**
 * What a sign-in as `email` carries from this request: the browser's device when it was confirmed
 * for that same sign-in name (a cookie left by someone else names nothing), and the person's
 * address, which the pool records for the device and the sign-in.
 */
export async function signInContext(email: string): Promise<SignInContext> {
  const [stored, ip] = await Promise.all([storedDevice(), clientIp()]);
  const device: DeviceCredentials | undefined =
    stored && stored.email === email.toLowerCase()
      ? { key: stored.key, groupKey: stored.groupKey, secret: stored.secret }
      : undefined;
  return {
    ...(device ? { device } : {}),
    ...(ip !== UNKNOWN_ADDRESS ? { ip } : {}),
  };
}

/** Forgets this browser's device here (the cookie), e.g. once the pool no longer knows it. */
export async function clearThisDevice(): Promise<void> {
  const env = getEnv();
  (await cookies()).set(cookieNames(env).device, '', cookieOptions(env, 0));
}

/** Failures that mean the pool does not know this browser's device (any more), or refused its proof. */
const DEVICE_UNKNOWN = new Set(['ResourceNotFoundException', 'DeviceNotRecognized']);

/**
 * Runs a sign-in step with this browser's device, and once more without it when the pool no
 * longer knows the device (forgotten elsewhere, or a cookie from before a reset): the person then
 * signs in as on a new device, never stopped by a stale cookie.
 */
export async function withDevice<T>(
  context: SignInContext,
  run: (context: SignInContext) => Promise<Result<T>>,
): Promise<{ result: Result<T>; context: SignInContext }> {
  const first = await run(context);
  if (first.ok || !context.device || !DEVICE_UNKNOWN.has(first.failure.name))
    return { result: first, context };
  log.info('device.not_recognized', { reason: first.failure.name });
  await clearThisDevice();
  const plain: SignInContext = context.ip ? { ip: context.ip } : {};
  return { result: await run(plain), context: plain };
}

/**
 * After a sign-in: a device the pool has just issued is confirmed with a fresh secret and kept for
 * this browser; where the person chose (the two-step screen's "Remember this device"), the device
 * is remembered, or not. A failure here never undoes the sign-in: it is logged, the session lasts
 * until its tokens expire (a pool that tracks devices renews them only for a confirmed device),
 * and the next sign-in asks for the code as before.
 */
export async function settleDevice(
  outcome: Extract<SignInOutcome, { type: 'signed-in' }>,
  remember?: boolean,
): Promise<void> {
  const { tokens, newDevice } = outcome;
  if (newDevice) {
    const name = deviceName((await headers()).get('user-agent'));
    let confirmed = await confirmDevice(tokens.accessToken, newDevice, name);
    // A busy or unreachable pool gets one more try: unconfirmed, the device cannot renew this
    // session's tokens (decision 034).
    if (!confirmed.ok && confirmed.failure.kind === 'unavailable')
      confirmed = await confirmDevice(tokens.accessToken, newDevice, name);
    if (!confirmed.ok) {
      // The sign-in stands; the pool refuses to renew its tokens, so it ends when they expire.
      log.warn('device.confirm_failed', { reason: confirmed.failure.name });
      return;
    }
    const env = getEnv();
    const { credentials, choiceNeeded } = confirmed.value;
    (await cookies()).set(
      cookieNames(env).device,
      await sealDevice(
        {
          v: 1,
          sub: tokens.claims.sub,
          email: tokens.claims.email.toLowerCase(),
          ...credentials,
        },
        env,
      ),
      cookieOptions(env, DEVICE_TTL_S),
    );
    // Opt-in pools wait for the person's choice; "always" pools remember every device at once.
    const status = choiceNeeded
      ? remember
        ? true
        : undefined
      : remember === false
        ? false
        : undefined;
    if (status !== undefined) await remembered(tokens.accessToken, newDevice.key, status);
    const isRemembered = choiceNeeded ? remember === true : status !== false;
    log.info('device.confirmed', { remembered: isRemembered });
    // A new browser is told to the account's address (decision 032).
    await securityNotice(tokens.claims, isRemembered ? 'device-remembered' : 'new-device-sign-in');
    return;
  }
  // A device the pool knew but did not remember: asked for the code, the person chose now.
  if (remember && tokens.deviceKey) {
    await remembered(tokens.accessToken, tokens.deviceKey, true);
    await securityNotice(tokens.claims, 'device-remembered');
  }
}

async function remembered(accessToken: string, deviceKey: string, status: boolean) {
  const set = await setDeviceRemembered(accessToken, deviceKey, status);
  if (!set.ok) log.warn('device.remember_failed', { reason: set.failure.name });
}
