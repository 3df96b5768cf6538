import 'server-only';
import { createHash } from 'node:crypto';
import { refresh, type Result, type Tokens } from '@/lib/cognito';
import { getEnv } from '@/lib/runtime/env';
import { log } from '@/lib/runtime/log';
import { sharedRedis } from '@/lib/upstream/redis';
import type { RedisLink } from '@/lib/upstream/redis-link';
import { REFRESHED_SHARE_S, sealAs, unsealAs } from './seal';

// One refresh per refresh token, its answer shared for a minute (decision 012).

const SHARE_MS = REFRESHED_SHARE_S * 1000;
const LOCK_MS = 5000;
const POLL_MS = 50;

type Shared = { result: Promise<Result<Tokens>>; keepUntil: number };
const inProcess = new Map<string, Shared>();
let prunedAt = 0;

function prune(now: number) {
  if (now - prunedAt < 1000) return;
  prunedAt = now;
  for (const [key, entry] of inProcess) if (entry.keepUntil <= now) inProcess.delete(key);
}

/** Never the token itself as a key: a digest of it. */
const keyOf = (refreshToken: string) =>
  createHash('sha256').update(refreshToken).digest('base64url');

const fresh = (tokens: Tokens, now = Date.now()) => tokens.accessExpiresAt * 1000 - 1000 > now;

/** A stale answer's successor: with rotation the presented token is spent, so the chain goes on. */
function successorOf(tokens: Tokens, presented: string): string | undefined {
  return tokens.refreshToken && tokens.refreshToken !== presented ? tokens.refreshToken : undefined;
}

const MAX_CHAIN = 8;

export async function refreshOnce(
  refreshToken: string,
  deviceKey?: string,
  chain = 0,
): Promise<Result<Tokens>> {
  const now = Date.now();
  prune(now);
  const key = keyOf(refreshToken);
  const known = inProcess.get(key);
  if (known && known.keepUntil > now) {
    const answer = await known.result;
    if (!answer.ok || fresh(answer.value)) return answer;
    const next = successorOf(answer.value, refreshToken);
    if (next && chain < MAX_CHAIN) return refreshOnce(next, deviceKey, chain + 1);
    // Stale and not rotated: whoever comes first refreshes again; the others wait for that.
    const latest = inProcess.get(key);
    if (latest && latest !== known && latest.keepUntil > Date.now()) return latest.result;
  }
  const result = acrossInstances(key, refreshToken, deviceKey, chain);
  const entry: Shared = { result, keepUntil: now + SHARE_MS + LOCK_MS };
  inProcess.set(key, entry);
  void result.then((r) => {
    if (!r.ok && inProcess.get(key) === entry) inProcess.delete(key);
  });
  return result;
}

export function forgetRefreshes(): void {
  inProcess.clear();
}

async function read(redis: RedisLink, key: string): Promise<Tokens | null> {
  const sealed = await redis.client.get(`refreshed:${key}`);
  const shared = sealed ? await unsealAs('refreshed', sealed, getEnv()) : null;
  if (!shared) return null;
  const { key: storedFor, ...tokens } = shared;
  if (storedFor !== key) {
    log.error('session.refreshed_key_mismatch');
    return null;
  }
  return tokens;
}

async function taken(
  tokens: Tokens | null,
  presented: string,
  deviceKey: string | undefined,
  chain: number,
): Promise<Result<Tokens> | undefined> {
  if (!tokens) return undefined;
  if (fresh(tokens)) return { ok: true, value: tokens };
  const next = successorOf(tokens, presented);
  return next && chain < MAX_CHAIN ? refreshOnce(next, deviceKey, chain + 1) : undefined;
}

async function acrossInstances(
  key: string,
  refreshToken: string,
  deviceKey: string | undefined,
  chain: number,
): Promise<Result<Tokens>> {
  const redis = sharedRedis();
  if (!redis?.usable()) return refresh(refreshToken, deviceKey);
  try {
    const found = await taken(await read(redis, key), refreshToken, deviceKey, chain);
    if (found) return found;
    const mine = await redis.client.set(`refreshed:${key}:lock`, '1', 'PX', LOCK_MS, 'NX');
    if (mine !== 'OK') {
      const deadline = Date.now() + LOCK_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const theirs = await taken(await read(redis, key), refreshToken, deviceKey, chain);
        if (theirs) return theirs;
      }
      log.warn('session.refresh_wait_timed_out');
    }
  } catch (error) {
    redis.failed(error);
    return refresh(refreshToken, deviceKey);
  }
  const result = await refresh(refreshToken, deviceKey);
  try {
    if (result.ok) {
      const sealed = await sealAs('refreshed', { key, ...result.value }, getEnv());
      await redis.client.set(`refreshed:${key}`, sealed, 'PX', SHARE_MS);
    }
    // The lock goes either way: the others take the answer, or try for themselves at once.
    await redis.client.del(`refreshed:${key}:lock`);
  } catch (error) {
    redis.failed(error);
  }
  return result;
}
