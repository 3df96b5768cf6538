import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import pino from 'pino';
import { getEnv, logSettings } from '@/lib/runtime/env';
import { clientAddressFromHeaders, stampedRequestId } from '../http/client-address';

// Callers pass facts, never secrets; the redaction is a second net for the usual names.
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
  ...logSettings(),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths: SECRET_KEYS, censor: '[redacted]' },
});

type RequestContext = { reqId: string; ip?: string; clientReqId?: string };
const context = new AsyncLocalStorage<RequestContext>();

export function withRequestId<T>(
  reqId: string,
  fn: () => T,
  extra: Omit<RequestContext, 'reqId'> = {},
): T {
  return context.run({ reqId, ...extra }, fn);
}

/** Runs `fn` outside any request, so what it starts (a connection and its events) logs no request's id. */
export function outsideRequest<T>(fn: () => T): T {
  return context.exit(fn);
}

function write(level: 'info' | 'warn' | 'error', event: string, fields: Fields = {}) {
  const { reqId, ip, clientReqId } = context.getStore() ?? {};
  logger[level]({
    event,
    ...(reqId ? { reqId } : {}),
    ...(ip ? { ip } : {}),
    ...(clientReqId ? { clientReqId } : {}),
    ...fields,
  });
}

export const log = {
  info: (event: string, fields?: Fields) => write('info', event, fields),
  warn: (event: string, fields?: Fields) => write('warn', event, fields),
  error: (event: string, fields?: Fields) => write('error', event, fields),
};

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdFrom(value: string | null | undefined): string {
  return value && /^[\w.-]{8,128}$/.test(value) ? value : crypto.randomUUID();
}

export function emailRef(email: string): string {
  const key = getEnv().SESSION_SECRET[0] ?? '';
  return `e:${createHmac('sha256', `log-ref:${key}`).update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/** Always an id of our own: a client's X-Request-Id names nothing of ours (kept as clientReqId). */
export function arrivalContextOf(
  headers: { get(name: string): string | null },
  trustedHops: number,
): { reqId: string; ip: string; clientReqId?: string } {
  const claimed = headers.get(REQUEST_ID_HEADER);
  return {
    // The server hook's, which its access line and the answer's header carry (lib/runtime/server-hook.ts).
    reqId: stampedRequestId(headers) ?? crypto.randomUUID(),
    ip: clientAddressFromHeaders(headers, trustedHops),
    ...(claimed && /^[\w.-]{8,128}$/.test(claimed) ? { clientReqId: claimed } : {}),
  };
}

export function requestContextOf(
  headers: { get(name: string): string | null },
  trustedHops: number,
): { reqId: string; ip: string } {
  return {
    reqId: requestIdFrom(headers.get(REQUEST_ID_HEADER)),
    ip: clientAddressFromHeaders(headers, trustedHops),
  };
}
