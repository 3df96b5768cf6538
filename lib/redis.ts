import 'server-only';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { RedisLink } from '@/lib/redis-link';

/**
 * The one Redis connection of this process, when REDIS_URL is set (null otherwise), opened on
 * first use. Everything several instances must agree on goes through it: rate limits
 * (lib/rate-limit.ts) and refreshes in flight (lib/session/refresh-once.ts). Each caller falls back
 * to this process's memory at once while the link is down.
 */
/*
 * Kept on globalThis: Next bundles this module once for the proxy and once for the routes, and
 * one process must hold one connection (one log line when Redis goes down, not one per bundle).
 */
const HOLDER = Symbol.for('creator-dashboard.redis-link');
type Holder = { [HOLDER]?: RedisLink | null };
const holder = globalThis as Holder;

export function sharedRedis(): RedisLink | null {
  if (holder[HOLDER] === undefined) {
    const url = getEnv().REDIS_URL;
    holder[HOLDER] = url
      ? new RedisLink(url, {
          onChange: (state, reason) =>
            state === 'down' ? log.warn('redis.down', { reason }) : log.info('redis.up'),
        })
      : null;
  }
  return holder[HOLDER];
}

/** Closes the connection (tests, shutdown); the next use opens a new one. */
export function closeSharedRedis(): void {
  holder[HOLDER]?.close();
  delete holder[HOLDER];
}
