import 'server-only';
import { getEnv } from '@/lib/runtime/env';
import { log, outsideRequest } from '@/lib/runtime/log';
import { RedisLink } from '@/lib/upstream/redis-link';

// On globalThis: Next bundles this module twice, and a process must hold one link (decision 019).
const HOLDER = Symbol.for('creator-dashboard.redis-link');
type Holder = { [HOLDER]?: RedisLink | null };
const holder = globalThis as Holder;

export function sharedRedis(): RedisLink | null {
  if (holder[HOLDER] === undefined) {
    const url = getEnv().REDIS_URL;
    // Opened by whichever request comes first; its events belong to no request.
    holder[HOLDER] = url
      ? outsideRequest(
          () =>
            new RedisLink(url, {
              onChange: (state, reason) =>
                state === 'down' ? log.warn('redis.down', { reason }) : log.info('redis.up'),
            }),
        )
      : null;
  }
  return holder[HOLDER];
}

export function closeSharedRedis(): void {
  holder[HOLDER]?.close();
  delete holder[HOLDER];
}
