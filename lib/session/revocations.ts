import 'server-only';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { localState } from '@/lib/state/local';
import { sharedRedis } from '@/lib/upstream/redis';

// Each mark is kept twice: in this instance's state directory, which outlives its restart, and in
// Redis for every instance (REDIS_URL), which is read first.
const revokedHere = () => localState('revoked');
const spentHere = () => localState('spent');
const timesHere = () => localState('times');
const key = (sub: string) => `rv:${sub}`;

export async function markRevoked(sub: string, at = Math.floor(Date.now() / 1000)): Promise<void> {
  revokedHere().set(sub, String(at), getEnv().sessionLimits.maxS);
  const redis = sharedRedis();
  if (!redis?.usable()) return;
  try {
    await redis.client.set(key(sub), String(at), 'EX', getEnv().sessionLimits.maxS);
  } catch (error) {
    redis.failed(error);
    log.warn('session.revocation_not_shared');
  }
}

export async function revokedAt(sub: string): Promise<number | undefined> {
  const redis = sharedRedis();
  if (redis?.usable()) {
    try {
      const kept = await redis.client.get(key(sub));
      if (kept) return Number(kept) || undefined;
    } catch (error) {
      redis.failed(error);
    }
  }
  const here = revokedHere().get(sub);
  return here === undefined ? undefined : Number(here);
}

/**
 * One browser's session ended (a plain sign-out): a copy of its cookies opens nothing from now
 * on, on every instance; the account's other sessions go on. Kept as long as a session may live.
 */
export const markSessionEnded = (sub: string, id: string) =>
  noteTime('ended', `${sub}:${id}`, Date.now(), getEnv().sessionLimits.maxS);
export const sessionEnded = async (sub: string, id: string) =>
  (await timeNoted('ended', `${sub}:${id}`)) !== undefined;

/**
 * One device's sessions ended from another browser (Devices, decision 068): that browser is
 * refused at its next request, on every instance, though its access token lives on at Cognito.
 */
export const markDeviceEnded = (sub: string, deviceKey: string) =>
  noteTime('device-ended', `${sub}:${deviceKey}`, Date.now(), getEnv().sessionLimits.maxS);
export const deviceEnded = async (sub: string, deviceKey: string) =>
  (await timeNoted('device-ended', `${sub}:${deviceKey}`)) !== undefined;

// Password proofs already spent, so a replayed cookie cannot spend one again (decision 030).
const PROOF_S = 10 * 60;

/** `ttlS`: how long the proof could otherwise be used (a password proof's 10 minutes by default). */
export async function markSpent(sub: string, proof: string, ttlS = PROOF_S): Promise<void> {
  const id = `${sub}:${proof}`;
  spentHere().set(id, '1', ttlS);
  const redis = sharedRedis();
  if (!redis?.usable()) return;
  try {
    await redis.client.set(`proof:${id}`, '1', 'EX', ttlS);
  } catch (error) {
    redis.failed(error);
  }
}

/** A time (ms) noted under `kind` for `id`, kept `ttlS`: the latest one noted wins. */
export async function noteTime(kind: string, id: string, at: number, ttlS: number): Promise<void> {
  const k = `${kind}:${id}`;
  timesHere().set(k, String(at), ttlS);
  const redis = sharedRedis();
  if (!redis?.usable()) return;
  try {
    await redis.client.set(`time:${k}`, String(at), 'EX', ttlS);
  } catch (error) {
    redis.failed(error);
  }
}

export async function timeNoted(kind: string, id: string): Promise<number | undefined> {
  const k = `${kind}:${id}`;
  const redis = sharedRedis();
  if (redis?.usable()) {
    try {
      const kept = await redis.client.get(`time:${k}`);
      if (kept) return Number(kept) || undefined;
    } catch (error) {
      redis.failed(error);
    }
  }
  const here = timesHere().get(k);
  return here === undefined ? undefined : Number(here);
}

export async function isSpent(sub: string, proof: string): Promise<boolean> {
  const id = `${sub}:${proof}`;
  if (spentHere().get(id) !== undefined) return true;
  const redis = sharedRedis();
  if (!redis?.usable()) return false;
  try {
    return (await redis.client.get(`proof:${id}`)) !== null;
  } catch (error) {
    redis.failed(error);
    return false;
  }
}
