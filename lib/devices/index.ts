import 'server-only';
import { cookies, headers } from 'next/headers';
import { UNKNOWN_ADDRESS } from '@/lib/http/client-address';
import {
  newDeviceSecret,
  setDeviceRemembered,
  type DeviceCredentials,
  type Result,
  type SignInContext,
  type SignInOutcome,
} from '@/lib/cognito';
import { confirmNewDevice, deviceQuota } from '@/lib/devices/due';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { securityNotice } from '@/lib/notify';
import { clientIp } from '@/lib/http/rate-limit';
import { cookieNames, cookieOptions, DEVICE_TTL_S, sealAs, unsealAs } from '@/lib/session/seal';
import type { DeviceEntry } from '@/lib/session/seal';
import { listFirst, readDevices, sealDevices } from './browser';

async function storedDevices(): Promise<DeviceEntry[]> {
  const env = getEnv();
  return readDevices((await cookies()).get(cookieNames(env).device)?.value, env);
}

async function writeDevices(list: DeviceEntry[]): Promise<void> {
  const env = getEnv();
  const value = await sealDevices(list, env);
  (await cookies()).set(
    cookieNames(env).device,
    value,
    cookieOptions(env, value ? DEVICE_TTL_S : 0),
  );
}

/** The key of this browser's device for the account `sub`, if it has one. */
export async function thisDeviceKey(sub: string): Promise<string | undefined> {
  return (await storedDevices()).find((d) => d.sub === sub)?.key;
}

export async function signInContext(email: string): Promise<SignInContext> {
  const [stored, ip] = await Promise.all([storedDevices(), clientIp()]);
  const mine = stored.find((d) => d.email === email.toLowerCase());
  const device: DeviceCredentials | undefined = mine
    ? { key: mine.key, groupKey: mine.groupKey, secret: mine.secret }
    : undefined;
  return {
    ...(device ? { device } : {}),
    ...(ip !== UNKNOWN_ADDRESS ? { ip } : {}),
  };
}

/** Forgets this browser's device of one account (by the account or by the device's key). */
export async function clearThisDevice(which: { sub: string } | { key: string }): Promise<void> {
  const stored = await storedDevices();
  const left = stored.filter((d) => ('sub' in which ? d.sub !== which.sub : d.key !== which.key));
  if (left.length !== stored.length) await writeDevices(left);
}

const DEVICE_UNKNOWN = new Set(['ResourceNotFoundException', 'DeviceNotRecognized']);

/** Retries without the device once the pool no longer knows it (decision 016). */
export async function withDevice<T>(
  context: SignInContext,
  run: (context: SignInContext) => Promise<Result<T>>,
): Promise<{ result: Result<T>; context: SignInContext }> {
  const first = await run(context);
  if (first.ok || !context.device || !DEVICE_UNKNOWN.has(first.failure.name))
    return { result: first, context };
  log.info('device.not_recognized', { reason: first.failure.name });
  await clearThisDevice({ key: context.device.key });
  const plain: SignInContext = context.ip ? { ip: context.ip } : {};
  return { result: await run(plain), context: plain };
}

/**
 * A failure never undoes the sign-in; the session then ends with its tokens (decision 034). Past
 * this second's share of Cognito's quota the confirmation waits for the next request (decision 054).
 */
export async function settleDevice(
  outcome: Extract<SignInOutcome, { type: 'signed-in' }>,
  remember?: boolean,
): Promise<void> {
  const { tokens, newDevice } = outcome;
  if (newDevice) {
    const userAgent = (await headers()).get('user-agent');
    const { sub, email } = tokens.claims;
    // A browser this account last signed in on is no new browser, though its device was forgotten
    // at a sign-out (lib/auth/sign-out.ts): the mailbox hears of browsers it has not seen.
    const env = getEnv();
    const jar = await cookies();
    const last = await unsealAs('remembered', jar.get(cookieNames(env).remembered)?.value, env);
    const seenHere = last?.email.toLowerCase() === email.toLowerCase();
    const told = seenHere ? async () => undefined : securityNotice;
    if (!(await deviceQuota())) {
      jar.set(
        cookieNames(env).deviceDue,
        await sealAs(
          'deviceDue',
          {
            v: 1,
            p: 'device-due',
            sub,
            email: email.toLowerCase(),
            ...newDevice,
            secret: newDeviceSecret(),
            ...(remember !== undefined ? { remember } : {}),
          },
          env,
        ),
        cookieOptions(env, env.sessionLimits.maxS),
      );
      log.info('device.confirm_deferred');
      // A sign-in on a new device, whatever comes of it; remembering it waits with it.
      await told(tokens.claims, 'new-device-sign-in');
      return;
    }
    const confirmed = await confirmNewDevice(tokens.accessToken, newDevice, userAgent, remember);
    if (!confirmed.ok) return;
    const entry = { sub, email: email.toLowerCase(), ...newDevice, secret: confirmed.secret };
    await writeDevices(listFirst(await storedDevices(), entry));
    if (confirmed.remembered) await securityNotice(tokens.claims, 'device-remembered');
    else await told(tokens.claims, 'new-device-sign-in');
    return;
  }
  if (remember && tokens.deviceKey) {
    await remembered(tokens.accessToken, tokens.deviceKey, true);
    await securityNotice(tokens.claims, 'device-remembered');
  }
}

async function remembered(accessToken: string, deviceKey: string, status: boolean) {
  const set = await setDeviceRemembered(accessToken, deviceKey, status);
  if (!set.ok) log.warn('device.remember_failed', { reason: set.failure.name });
}
