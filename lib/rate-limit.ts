import 'server-only';
import { headers } from 'next/headers';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { clientAddressFromHeaders } from '@/lib/client-address';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { RedisLink } from '@/lib/redis-link';
import type { Message } from '@/lib/messages';

/**
 * Rate limits per IP and per email (design §6, ASVS V2.2.1). In memory by default; shared in Redis
 * when REDIS_URL is set, with the memory store standing in at once when Redis stops answering
 * (lib/redis-link.ts: commands wait a few hundred ms at most). Cognito's own lockout still applies
 * behind these.
 */

type Rule = { points: number; duration: number };
export const RULES = {
  signIn: { ip: { points: 60, duration: 15 * 60 }, email: { points: 10, duration: 15 * 60 } },
  signUp: { ip: { points: 30, duration: 60 * 60 }, email: { points: 10, duration: 60 * 60 } },
  verifyCode: { ip: { points: 60, duration: 15 * 60 }, email: { points: 15, duration: 15 * 60 } },
  resendCode: { ip: { points: 30, duration: 15 * 60 }, email: { points: 5, duration: 15 * 60 } },
  resetPassword: {
    ip: { points: 30, duration: 60 * 60 },
    email: { points: 10, duration: 60 * 60 },
  },
  lookup: { ip: { points: 120, duration: 15 * 60 }, email: { points: 30, duration: 15 * 60 } },
  // Per IP only: beacons carry no email. A page sends five or six metrics.
  vitals: { ip: { points: 300, duration: 60 }, email: { points: 300, duration: 60 } },
} satisfies Record<string, { ip: Rule; email: Rule }>;
export type LimitedAction = keyof typeof RULES;

/** RATE_LIMIT_SCALE multiplies every allowance (e.g. for a load test from one address). */
function scale(): number {
  const n = Number(process.env.RATE_LIMIT_SCALE ?? '1');
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** One limit: counted in Redis when configured and answering, in this process's memory otherwise. */
type Limiter = { memory: RateLimiterMemory; redis?: RateLimiterRedis };
const limiters = new Map<string, Limiter>();
let link: RedisLink | null | undefined;

/** The Redis link when REDIS_URL is set (null otherwise), opened on first use. */
function redisLink(): RedisLink | null {
  if (link === undefined) {
    const url = getEnv().REDIS_URL;
    link = url
      ? new RedisLink(url, {
          onChange: (state, reason) =>
            state === 'down'
              ? log.warn('rate_limit.redis_down', { reason })
              : log.info('rate_limit.redis_up'),
        })
      : null;
  }
  return link;
}

function limiter(name: string, rule: Rule): Limiter {
  const key = `${name}:${rule.points}:${rule.duration}`;
  let found = limiters.get(key);
  if (!found) {
    const opts = {
      keyPrefix: `rl:${name}`,
      points: Math.ceil(rule.points * scale()),
      duration: rule.duration,
    };
    const redis = redisLink();
    found = {
      memory: new RateLimiterMemory(opts),
      redis: redis ? new RateLimiterRedis({ ...opts, storeClient: redis.client }) : undefined,
    };
    limiters.set(key, found);
  }
  return found;
}

/**
 * Runs `op` on Redis while it answers, on memory at once when it is known down, and on memory
 * after a failed command (which marks it down). A limiter's refusal is passed on as it is.
 */
async function onStore<T>(l: Limiter, op: (store: RateLimiterAbstract) => Promise<T>): Promise<T> {
  const redis = redisLink();
  if (l.redis && redis?.usable()) {
    try {
      return await op(l.redis);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      redis.failed(error);
    }
  }
  return op(l.memory);
}

/** Redis as the health check sees it: 'off' when not configured. */
export async function redisHealth(timeoutMs: number): Promise<'up' | 'down' | 'off'> {
  const redis = redisLink();
  if (!redis) return 'off';
  return (await redis.ping(timeoutMs)) ? 'up' : 'down';
}

/** Closes the Redis connection (tests, shutdown); the next check opens a new one. */
export function closeRateLimitStore(): void {
  link?.close();
  link = undefined;
  limiters.clear();
}

/** This request's client address (lib/client-address.ts), for limits and logs. */
export async function clientIp(): Promise<string> {
  return clientAddressFromHeaders(await headers(), getEnv().TRUSTED_PROXY_HOPS);
}

export function limitedMessage(retryAfterMs: number): Message {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return { text: `Too many attempts. Please try again in ${when}.` };
}

/**
 * Counts one attempt of `action` for this IP and (when known) this email. Answers null when
 * allowed, or the message to show with the time to wait.
 */
export async function checkLimit(action: LimitedAction, email?: string): Promise<Message | null> {
  return checkLimitFor(action, await clientIp(), email);
}

/** As checkLimit, for a client address already known. */
export async function checkLimitFor(
  action: LimitedAction,
  ip: string,
  email?: string,
): Promise<Message | null> {
  const rules = RULES[action];
  const keys: [Limiter, string][] = [[limiter(`${action}:ip`, rules.ip), ip]];
  if (email) keys.push([limiter(`${action}:email`, rules.email), email.toLowerCase()]);
  const waits = await Promise.all(
    keys.map(async ([l, k]) => {
      try {
        await onStore(l, (store) => store.consume(k));
        return 0;
      } catch (res) {
        if (res instanceof RateLimiterRes) return res.msBeforeNext;
        log.error('rate_limit.store_failed', { action });
        return 0;
      }
    }),
  );
  const wait = Math.max(0, ...waits);
  if (wait === 0) return null;
  log.warn('rate_limit.hit', { action });
  return limitedMessage(wait);
}
