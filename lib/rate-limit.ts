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
import type { Message } from '@/lib/messages';

/**
 * Rate limits per IP and per email (design §6, ASVS V2.2.1). In memory by default; shared in Redis
 * when REDIS_URL is set, with the memory store standing in if Redis stops answering.
 * Cognito's own lockout still applies behind these.
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

const limiters = new Map<string, RateLimiterAbstract>();
let redis: unknown;

function limiter(name: string, rule: Rule): RateLimiterAbstract {
  const key = `${name}:${rule.points}:${rule.duration}`;
  let found = limiters.get(key);
  if (!found) {
    const opts = {
      keyPrefix: `rl:${name}`,
      points: Math.ceil(rule.points * scale()),
      duration: rule.duration,
    };
    const memory = new RateLimiterMemory(opts);
    const url = getEnv().REDIS_URL;
    if (url) {
      // Loaded only when configured, so single-instance deployments never open a connection.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Redis = require('ioredis') as typeof import('ioredis').default;
      redis ??= new Redis(url, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      });
      found = new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: memory });
    } else {
      found = memory;
    }
    limiters.set(key, found);
  }
  return found;
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
  const keys: [RateLimiterAbstract, string][] = [[limiter(`${action}:ip`, rules.ip), ip]];
  if (email) keys.push([limiter(`${action}:email`, rules.email), email.toLowerCase()]);
  let wait = 0;
  for (const [l, k] of keys) {
    try {
      await l.consume(k);
    } catch (res) {
      if (res instanceof RateLimiterRes) wait = Math.max(wait, res.msBeforeNext);
      else log.error('rate_limit.store_failed', { action });
    }
  }
  if (wait === 0) return null;
  log.warn('rate_limit.hit', { action });
  return limitedMessage(wait);
}
