import 'server-only';
import { headers } from 'next/headers';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { clientAddressFromHeaders, limitKeyOfAddress } from '@/lib/http/client-address';
import { getEnv } from '@/lib/runtime/env';
import { emailRef, log } from '@/lib/runtime/log';
import { record, timedUpstream } from '@/lib/runtime/metrics';
import { closeSharedRedis, sharedRedis } from '@/lib/upstream/redis';
import type { Message } from '@/lib/messages';

type Rule = { points: number; duration: number };
type Rules = {
  ip: Rule;
  email?: Rule;
  emailFromIp?: Rule;
  failures?: { emailFromIp: Rule; email: Rule };
};

const MIN = 60;
export const RULES = {
  signIn: {
    ip: { points: 60, duration: 15 * MIN },
    failures: {
      emailFromIp: { points: 10, duration: 15 * MIN },
      email: { points: 100, duration: 15 * MIN },
    },
  },
  signUp: {
    ip: { points: 30, duration: 60 * MIN },
    emailFromIp: { points: 10, duration: 60 * MIN },
    email: { points: 30, duration: 60 * MIN },
  },
  verifyCode: {
    ip: { points: 60, duration: 15 * MIN },
    failures: {
      emailFromIp: { points: 15, duration: 15 * MIN },
      email: { points: 100, duration: 15 * MIN },
    },
  },
  // Answers to a sign-in challenge held in this browser: counted apart from the codes anyone can
  // make up (reset and sign-up confirmations, the decoy), so only a real challenge fills it.
  signInCode: {
    ip: { points: 60, duration: 15 * MIN },
    failures: {
      emailFromIp: { points: 15, duration: 15 * MIN },
      email: { points: 100, duration: 15 * MIN },
    },
  },
  resendCode: {
    ip: { points: 30, duration: 15 * MIN },
    emailFromIp: { points: 5, duration: 15 * MIN },
    email: { points: 15, duration: 15 * MIN },
  },
  resetPassword: {
    ip: { points: 30, duration: 60 * MIN },
    emailFromIp: { points: 10, duration: 60 * MIN },
    email: { points: 30, duration: 60 * MIN },
  },
  // Per address too: every sign-in looks the email up, so failures elsewhere must not block it.
  lookup: {
    ip: { points: 120, duration: 15 * MIN },
    emailFromIp: { points: 30, duration: 15 * MIN },
    email: { points: 300, duration: 15 * MIN },
  },
  vitals: { ip: { points: 300, duration: MIN } },
  health: { ip: { points: 60, duration: MIN } },
  // sendCode and sendSms: the `email` key is the account's sub.
  sendCode: { ip: { points: 30, duration: 60 * MIN }, email: { points: 5, duration: 15 * MIN } },
  // Texts cost money per send (SMS pumping): tighter than email.
  sendSms: { ip: { points: 10, duration: 60 * MIN }, email: { points: 3, duration: 15 * MIN } },
  smsAtSignIn: {
    ip: { points: 10, duration: 60 * MIN },
    email: { points: 5, duration: 60 * MIN },
    emailFromIp: { points: 5, duration: 60 * MIN },
  },
} satisfies Record<string, Rules>;
type LimitedAction = keyof typeof RULES;

function scale(): number {
  return getEnv().RATE_LIMIT_SCALE;
}

type Limiter = {
  name: string;
  points: number;
  memory: RateLimiterMemory;
  /** The memory count's points: with Redis, this instance's share while Redis is down. */
  memoryPoints: number;
  redis?: RateLimiterRedis;
};
const limiters = new Map<string, Limiter>();
function limiter(name: string, rule: Rule, scaled = true): Limiter {
  const key = `${name}:${rule.points}:${rule.duration}`;
  let found = limiters.get(key);
  if (!found) {
    const opts = {
      keyPrefix: `rl:${name}`,
      points: scaled ? Math.ceil(rule.points * scale()) : rule.points,
      duration: rule.duration,
    };
    const redis = sharedRedis();
    // Each instance counts alone while Redis is down: its share keeps the cluster within the limit.
    const memoryPoints = redis
      ? Math.max(1, Math.floor(opts.points / getEnv().INSTANCE_COUNT))
      : opts.points;
    found = {
      name,
      points: opts.points,
      memoryPoints,
      memory: new RateLimiterMemory({ ...opts, points: memoryPoints }),
      redis: redis ? new RateLimiterRedis({ ...opts, storeClient: redis.client }) : undefined,
    };
    limiters.set(key, found);
  }
  return found;
}

/** `op` on Redis, or on this instance's count when Redis is not set or fails; `points` is its. */
async function onStore<T>(
  l: Limiter,
  op: (store: RateLimiterAbstract, points: number) => Promise<T>,
): Promise<T> {
  const redis = sharedRedis();
  if (l.redis && redis?.usable()) {
    try {
      return await timedUpstream('redis', 'rate-limit', () => op(l.redis!, l.points));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      redis.failed(error);
    }
  }
  return op(l.memory, l.memoryPoints);
}

/**
 * One call's share of an upstream quota of `perSecond` calls a second: shared by every instance
 * through REDIS_URL, else this instance's own. False when this second's share is spent (or the
 * quota is 0); a store that fails falls back to the instance's count, as the limits do.
 */
export async function takeQuota(name: string, perSecond: number): Promise<boolean> {
  return perSecond > 0 && takeShare(`quota:${name}`, 'all', perSecond, 1);
}

/**
 * One of `points` shares of `key` within `durationS` (across instances through REDIS_URL): false
 * once they are spent. A store that fails allows it, as the limits do.
 */
export async function takeShare(
  name: string,
  key: string,
  points: number,
  durationS: number,
): Promise<boolean> {
  const l = limiter(name, { points, duration: durationS }, false);
  try {
    await onStore(l, (store) => store.consume(key));
    return true;
  } catch (res) {
    if (res instanceof RateLimiterRes) return false;
    log.error('rate_limit.store_failed', { action: 'share', limit: l.name });
    return true;
  }
}

export async function redisHealth(timeoutMs: number): Promise<'up' | 'down' | 'off'> {
  const redis = sharedRedis();
  if (!redis) return 'off';
  return (await redis.ping(timeoutMs)) ? 'up' : 'down';
}

export function closeRateLimitStore(): void {
  closeSharedRedis();
  limiters.clear();
}

export async function clientIp(): Promise<string> {
  return clientAddressFromHeaders(await headers(), getEnv().TRUSTED_PROXY_HOPS);
}

/** The limits that count codes sent: their message says so, and that the last one still works. */
const CODE_SENDS: ReadonlySet<LimitedAction> = new Set([
  'resendCode',
  'resetPassword',
  'sendCode',
  'sendSms',
]);

export function limitedMessage(retryAfterMs: number, action?: LimitedAction): Message {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const when = seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  if (action && CODE_SENDS.has(action))
    return { text: `You asked for several codes. Use the newest one, or ask again in ${when}.` };
  return { text: `Too many attempts. Please try again in ${when}.` };
}

function keysOf(action: LimitedAction, address: string, email: string | undefined) {
  const rules: Rules = RULES[action];
  const ip = limitKeyOfAddress(address);
  const e = email?.trim().toLowerCase();
  const counted: [Limiter, string][] = [[limiter(`${action}:ip`, rules.ip), ip]];
  const checked: [Limiter, string][] = [];
  if (e) {
    if (rules.email) counted.push([limiter(`${action}:email`, rules.email), e]);
    if (rules.emailFromIp)
      counted.push([limiter(`${action}:emailFromIp`, rules.emailFromIp), `${e}|${ip}`]);
    if (rules.failures) {
      checked.push([
        limiter(`${action}:failures:emailFromIp`, rules.failures.emailFromIp),
        `${e}|${ip}`,
      ]);
      checked.push([limiter(`${action}:failures:email`, rules.failures.email), e]);
    }
  }
  return { counted, checked };
}

async function waitFor(
  action: LimitedAction,
  [l, key]: [Limiter, string],
  count: boolean,
): Promise<number> {
  try {
    if (count) {
      await onStore(l, (store) => store.consume(key));
      return 0;
    }
    return await onStore(l, async (store, points) => {
      const res = await store.get(key);
      return res && res.consumedPoints >= points ? Math.max(1, res.msBeforeNext) : 0;
    });
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, res.msBeforeNext);
    log.error('rate_limit.store_failed', { action, limit: l.name });
    return 0;
  }
}

export async function checkLimit(action: LimitedAction, email?: string): Promise<Message | null> {
  return checkLimitFor(action, await clientIp(), email);
}

export async function checkLimitFor(
  action: LimitedAction,
  ip: string,
  email?: string,
): Promise<Message | null> {
  const wait = await limitWaitFor(action, ip, email);
  return wait === 0 ? null : limitedMessage(wait, action);
}

/** Milliseconds to wait (0: allowed), e.g. for a Retry-After. */
export async function limitWait(action: LimitedAction, email?: string): Promise<number> {
  return limitWaitFor(action, await clientIp(), email);
}

async function limitWaitFor(action: LimitedAction, ip: string, email?: string): Promise<number> {
  const { counted, checked } = keysOf(action, ip, email);
  const all = [
    ...counted.map((k) => [k, true] as const),
    ...checked.map((k) => [k, false] as const),
  ];
  const waits = await Promise.all(all.map(([k, count]) => waitFor(action, k, count)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) {
    const account = email === undefined ? undefined : email.includes('@') ? emailRef(email) : email;
    const limit = all[waits.indexOf(wait)]![0][0].name;
    log.warn('rate_limit.hit', { action, limit, ip, account });
    record.rateLimitHit({ action, limit });
  }
  return wait;
}

export async function recordFailure(action: LimitedAction, email: string): Promise<void> {
  return recordFailureFor(action, await clientIp(), email);
}

export async function recordFailureFor(
  action: LimitedAction,
  ip: string,
  email: string,
): Promise<void> {
  await Promise.all(keysOf(action, ip, email).checked.map((k) => waitFor(action, k, true)));
}

type CodeCheck = 'verifyCode' | 'signInCode';

export async function codeChecked(
  key: string,
  result: { ok: true } | { ok: false; failure: { kind: string } },
  action: CodeCheck = 'verifyCode',
): Promise<void> {
  if (result.ok) return recordSuccess(action, key);
  const { kind } = result.failure;
  if (kind === 'code-mismatch' || kind === 'expired-code') await recordFailure(action, key);
}

/** A wrong code counted against this address only: nobody elsewhere is held back by it. */
export async function failedHere(action: CodeCheck, email: string): Promise<void> {
  const [fromIp] = keysOf(action, await clientIp(), email).checked;
  if (fromIp) await waitFor(action, fromIp, true);
}

export async function smsAllowed(email: string): Promise<Message | null> {
  const ip = await clientIp();
  const [address, ...perAccount] = keysOf('smsAtSignIn', ip, email).counted;
  // Address and number caps only for accounts that get texts: a shared NAT is not held back.
  const number = await lastNumber(email);
  const keys: [Limiter, string][] = number
    ? [address!, ...perAccount, [limiter('smsAtSignIn:number', SMS_PER_NUMBER), number]]
    : perAccount;
  const waits = await Promise.all(keys.map((k) => waitFor('smsAtSignIn', k, false)));
  const wait = Math.max(0, ...waits);
  if (wait === 0) return null;
  const limit = (keys[waits.indexOf(wait)]![0] as Limiter).name;
  log.warn('rate_limit.hit', { action: 'smsAtSignIn', limit, ip, account: emailRef(email) });
  record.rateLimitHit({ action: 'smsAtSignIn', limit });
  const minutes = Math.max(1, Math.ceil(wait / 60_000));
  const when = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return {
    text: `We've sent several text messages for this account recently. Please try again in ${when}, or sign in another way.`,
  };
}

export async function smsSent(email: string, destination: string | undefined): Promise<void> {
  const ip = await clientIp();
  const keys = keysOf('smsAtSignIn', ip, email).counted;
  if (destination) {
    keys.push([limiter('smsAtSignIn:number', SMS_PER_NUMBER), destination]);
    await rememberNumber(email, destination);
  }
  await Promise.all(keys.map((k) => waitFor('smsAtSignIn', k, true)));
}

const SMS_PER_NUMBER: Rule = { points: 10, duration: 60 * MIN };
const numbers = new Map<string, string>();
async function rememberNumber(email: string, destination: string) {
  const key = email.trim().toLowerCase();
  numbers.delete(key);
  numbers.set(key, destination);
  if (numbers.size > 10_000) numbers.delete(numbers.keys().next().value!);
  const redis = sharedRedis();
  if (redis?.usable())
    await redis.client
      .set(`rl:smsNumber:${key}`, destination, 'EX', 60 * MIN)
      .catch((error: unknown) => redis.failed(error));
}
async function lastNumber(email: string): Promise<string | undefined> {
  const key = email.trim().toLowerCase();
  const redis = sharedRedis();
  if (redis?.usable()) {
    const kept = await redis.client.get(`rl:smsNumber:${key}`).catch((error: unknown) => {
      redis.failed(error);
      return null;
    });
    if (kept) return kept;
  }
  return numbers.get(key);
}

export async function recordSuccess(action: LimitedAction, email: string): Promise<void> {
  return recordSuccessFor(action, await clientIp(), email);
}

export async function recordSuccessFor(
  action: LimitedAction,
  ip: string,
  email: string,
): Promise<void> {
  const [fromIp] = keysOf(action, ip, email).checked;
  if (!fromIp) return;
  const [l, key] = fromIp;
  try {
    await onStore(l, (store) => store.delete(key));
  } catch {
    log.error('rate_limit.store_failed', { action, limit: l.name });
  }
}
