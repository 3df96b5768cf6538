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
 * minute (while its access token lasts): within this process through the promise itself, and across instances through Redis when
 * REDIS_URL is set (sealed; the instance that takes a short lock refreshes, the others wait for its
 * answer). Only answers that worked are shared: a failure is for each request to find out.
 */

const SHARE_MS = REFRESHED_SHARE_S * 1000;
/** How long the instance that refreshes may take before another tries for itself. */
const LOCK_MS = 5000;
const POLL_MS = 50;

type Shared = { result: Promise<Result<Tokens>>; until: number };
const inProcess = new Map<string, Shared>();
let prunedAt = 0;

function prune(now: number) {
  if (now - prunedAt < 1000) return;
  prunedAt = now;
  for (const [key, entry] of inProcess) if (entry.until <= now) inProcess.delete(key);
}

/** Never the token itself as a key: a digest of it. */
const keyOf = (refreshToken: string) =>
  createHash('sha256').update(refreshToken).digest('base64url');

/**
 * How long an answer may be handed on: a minute at most, and never past the last second of its
 * access token. Without rotation the same refresh token comes back at every expiry, and an answer
 * kept longer would hand out a token that has expired since.
 */
function shareUntil(tokens: Tokens, now = Date.now()): number {
  return Math.min(now + SHARE_MS, tokens.accessExpiresAt * 1000 - 1000);
}

export function refreshOnce(refreshToken: string): Promise<Result<Tokens>> {
  const now = Date.now();
  prune(now);
  const key = keyOf(refreshToken);
  const known = inProcess.get(key);
  if (known && known.until > now) return known.result;
  const result = acrossInstances(key, refreshToken);
  // While in flight, every request with this token waits for it.
  const entry: Shared = { result, until: Infinity };
  inProcess.set(key, entry);
  void result.then((r) => {
    if (r.ok) entry.until = shareUntil(r.value);
    else if (inProcess.get(key) === entry) inProcess.delete(key);
  });
  return result;
}

/** Forgets every shared answer of this process (tests). */
export function forgetRefreshes(): void {
  inProcess.clear();
}

async function read(redis: RedisLink, key: string): Promise<Tokens | null> {
  const sealed = await redis.client.get(`refreshed:${key}`);
  const tokens = sealed ? await unsealRefreshed(sealed, getEnv()) : null;
  return tokens && shareUntil(tokens) > Date.now() ? tokens : null;
}

async function acrossInstances(key: string, refreshToken: string): Promise<Result<Tokens>> {
  const redis = sharedRedis();
  if (!redis?.usable()) return refresh(refreshToken);
  try {
    const found = await read(redis, key);
    if (found) return { ok: true, value: found };
    const mine = await redis.client.set(`refreshed:${key}:lock`, '1', 'PX', LOCK_MS, 'NX');
    if (mine !== 'OK') {
      // Another instance is refreshing this token: its answer appears under the key.
      const deadline = Date.now() + LOCK_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const theirs = await read(redis, key);
        if (theirs) return { ok: true, value: theirs };
      }
      log.warn('session.refresh_wait_timed_out');
    }
  } catch (error) {
    redis.failed(error);
    return refresh(refreshToken);
  }
  const result = await refresh(refreshToken);
  try {
    const ttl = result.ok ? shareUntil(result.value) - Date.now() : 0;
    if (result.ok && ttl > 0) {
      const sealed = await sealRefreshed(result.value, getEnv());
      await redis.client.set(`refreshed:${key}`, sealed, 'PX', ttl);
    } else {
      // Nothing to hand on: the others try for themselves at once.
      await redis.client.del(`refreshed:${key}:lock`);
    }
  } catch (error) {
    redis.failed(error);
  }
  return result;
}
