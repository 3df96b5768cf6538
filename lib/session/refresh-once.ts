import 'server-only';
import { createHash } from 'node:crypto';
import { refresh, type Result, type Tokens } from '@/lib/cognito';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { sharedRedis } from '@/lib/redis';
import type { RedisLink } from '@/lib/redis-link';
import { REFRESHED_SHARE_S, sealRefreshed, unsealRefreshed } from './seal';

/**
 * One refresh per refresh token, however many requests arrive carrying it
 * (docs/decisions/012-one-refresh-per-token.md).
 *
 * When the app client rotates refresh tokens, Cognito takes a refresh token once (and again only
 * during the client's grace period, which may be 0): the ten requests of one page view that all
 * find the access token expired (the page, its RSC fetches, the dashboard's token fetch) would each
 * refresh, and every one but the first would be refused as reuse and end the session. So the first
 * refresh's answer is handed to every other request that presents the same token in the next
 * minute: within this process through the promise itself, and across instances through Redis when
 * REDIS_URL is set (sealed; the instance that takes a short lock refreshes, the others wait for its
 * answer). Only answers that worked are shared: a failure is for each request to find out.
 *
 * An answer whose access token has expired since is not handed on as it is: with rotation, the
 * chain goes on from the successor it named (the presented token is spent); without, the same
 * token is refreshed again.
 */

const SHARE_MS = REFRESHED_SHARE_S * 1000;
/** How long the instance that refreshes may take before another tries for itself. */
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

/** Whether an answer's access token still has a second to live. */
const fresh = (tokens: Tokens, now = Date.now()) => tokens.accessExpiresAt * 1000 - 1000 > now;

/**
 * A shared answer that is no longer fresh: its access token has expired since. With rotation it
 * names the successor of the token presented, and the chain goes on from there (the presented
 * token is spent); without, the same token is simply refreshed again.
 */
function successorOf(tokens: Tokens, presented: string): string | undefined {
  return tokens.refreshToken && tokens.refreshToken !== presented ? tokens.refreshToken : undefined;
}

/** Links of a successor chain followed at most, within one minute's answers. */
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
  // While in flight, and for a minute after, every request with this token gets this answer.
  const entry: Shared = { result, keepUntil: now + SHARE_MS + LOCK_MS };
  inProcess.set(key, entry);
  void result.then((r) => {
    if (!r.ok && inProcess.get(key) === entry) inProcess.delete(key);
  });
  return result;
}

/** Forgets every shared answer of this process (tests). */
export function forgetRefreshes(): void {
  inProcess.clear();
}

/**
 * The answer shared under `key`, only if it was stored for that key: a value moved or copied to
 * another key (a store mixed up, written by hand) is ignored and logged.
 */
async function read(redis: RedisLink, key: string): Promise<Tokens | null> {
  const sealed = await redis.client.get(`refreshed:${key}`);
  const shared = sealed ? await unsealRefreshed(sealed, getEnv()) : null;
  if (!shared) return null;
  const { key: storedFor, ...tokens } = shared;
  if (storedFor !== key) {
    log.error('session.refreshed_key_mismatch');
    return null;
  }
  return tokens;
}

/**
 * Another instance's answer for this token: fresh, it is used; stale but rotated, the chain goes
 * on from its successor; stale and not rotated, there is nothing to take (undefined).
 */
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
      // Another instance is refreshing this token: its answer appears under the key.
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
      const sealed = await sealRefreshed({ key, ...result.value }, getEnv());
      await redis.client.set(`refreshed:${key}`, sealed, 'PX', SHARE_MS);
    }
    // The lock goes either way: the others take the answer, or try for themselves at once.
    await redis.client.del(`refreshed:${key}:lock`);
  } catch (error) {
    redis.failed(error);
  }
  return result;
}
