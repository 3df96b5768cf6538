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
let link: RedisLink | null | undefined;

export function sharedRedis(): RedisLink | null {
  if (link === undefined) {
    const url = getEnv().REDIS_URL;
    link = url
      ? new RedisLink(url, {
          onChange: (state, reason) =>
            state === 'down' ? log.warn('redis.down', { reason }) : log.info('redis.up'),
        })
      : null;
  }
  return link;
}

/** Closes the connection (tests, shutdown); the next use opens a new one. */
export function closeSharedRedis(): void {
  link?.close();
  link = undefined;
}
