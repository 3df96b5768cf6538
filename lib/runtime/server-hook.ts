import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { getEnv } from '@/lib/runtime/env';
import { record } from '@/lib/runtime/metrics';
import { routeOf } from '@/lib/http/routes';
import {
  PEER_HEADER_KEY,
  clientAddress,
  peerHeaderName,
  requestIdHeaderName,
} from '../http/client-address';
import { track } from './drain';
import { REQUEST_ID_HEADER, log } from './log';

/**
 * The one hook ahead of the framework, on every request of this process: the socket's address and
 * a request id under per-process random header names a client cannot send (Next drops the socket
 * address when a client sends X-Forwarded-For), the in-flight count the drain waits on, and one
 * access line when the answer is done.
 */
export function installServerHook(): string {
  const existing = peerHeaderName();
  if (existing) return existing;
  const name = `x-cd-peer-${randomBytes(16).toString('hex')}`;
  (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY] = name;
  const idName = requestIdHeaderName(name);
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function hooked(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      const res = args[1] as http.ServerResponse;
      const peer = req.socket?.remoteAddress;
      if (peer) req.headers[name] = peer;
      else delete req.headers[name];
      const reqId = randomUUID();
      req.headers[idName] = reqId;
      res.setHeader(REQUEST_ID_HEADER, reqId);
      track(this, res);
      accessLine(req, res, reqId, peer);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  return name;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// A balancer asks these every second: logged only when they do not answer 200.
const QUIET = new Set(['/api/live', '/api/ready']);
let warnedForwardedFor = false;

function accessLine(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  reqId: string,
  peer: string | undefined,
) {
  const started = performance.now();
  const { ACCESS_LOG, TRUSTED_PROXY_HOPS: hops, mode } = getEnv();
  const forwardedFor = req.headers['x-forwarded-for'];
  // On the local stack a loopback caller is the framework's own request or a test, not a proxy.
  const ownMachine = mode === 'local' && /^(127\.|::1$|::ffff:127\.)/.test(peer ?? '');
  if (forwardedFor && hops === 0 && !ownMachine && !warnedForwardedFor) {
    warnedForwardedFor = true;
    // Behind a proxy with no trusted hop every person shares the proxy's rate-limit allowance.
    log.warn('proxy.forwarded_for_ignored', { hint: 'set TRUSTED_PROXY_HOPS' });
  }
  res.once('close', () => {
    // The path alone: a query can carry an authorization code.
    const route = routeOf((req.url ?? '/').split('?', 1)[0]!);
    const seconds = (performance.now() - started) / 1e3;
    // A client chooses the method: anything unusual is one value, so the metric stays small.
    const method = METHODS.has(req.method ?? '') ? req.method! : 'other';
    record.request(seconds, { route, method, status: res.statusCode });
    if (!ACCESS_LOG || (QUIET.has(route) && res.statusCode === 200)) return;
    const line = {
      reqId,
      method: req.method ?? '',
      route,
      status: res.statusCode,
      ms: Math.round(seconds * 1e3),
      ip: clientAddress(
        Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor,
        peer,
        hops,
      ),
      ...(req.method === 'POST' && req.headers['next-action'] ? { action: true } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    log.info('http.access', line);
  });
}
