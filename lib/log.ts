import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import pino from 'pino';
import { getEnv } from '@/lib/env';

/**
 * Structured JSON logs (pino), one line per event, with the request id when there is one.
 * Callers pass facts, never secrets; the redaction below is a second net for the usual names.
 */
type Fields = Record<string, string | number | boolean | null | undefined>;

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'code',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'cookie',
  'authorization',
  'session',
];

const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  enabled: !(process.env.NODE_ENV === 'test' && !process.env.LOG_IN_TESTS),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths: SECRET_KEYS, censor: '[redacted]' },
});

const context = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` with `reqId` attached to every log line written inside it. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return context.run({ reqId }, fn);
}

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields = {}) {
  const reqId = context.getStore()?.reqId;
  logger[level]({ event, ...(reqId ? { reqId } : {}), ...fields });
}

export const log = {
  info: (event: string, fields?: Fields) => write('info', event, fields),
  warn: (event: string, fields?: Fields) => write('warn', event, fields),
  error: (event: string, fields?: Fields) => write('error', event, fields),
};

export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id from upstream if it looks like one, or a new one. */
export function requestIdFrom(value: string | null | undefined): string {
  return value && /^[\w.-]{8,128}$/.test(value) ? value : crypto.randomUUID();
}

/**
 * An account reference for log lines where only an email is known (a failed sign-in, a limit
 * hit): a keyed hash, so logs can follow one account's events without holding its address.
 * Signed-in events carry the account's `sub` instead.
 */
export function emailRef(email: string): string {
  const key = getEnv().SESSION_SECRET[0] ?? '';
  return `e:${createHmac('sha256', `log-ref:${key}`).update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}
