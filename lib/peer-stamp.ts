import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { PEER_HEADER_KEY, peerHeaderName } from './client-address';

/**
 * Stamps every incoming HTTP request with its socket's address, in a header whose name carries a
 * per-process random suffix (kept on globalThis under PEER_HEADER_KEY). Installed by
 * instrumentation.ts before the first request is handled. Next keeps a client-sent
 * X-Forwarded-For and drops the socket address when there is one; this header keeps it.
 * Answers the header's name.
 */
export function installPeerStamp(): string {
  const existing = peerHeaderName();
  if (existing) return existing;
  const name = `x-cd-peer-${randomBytes(16).toString('hex')}`;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function stampPeer(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      const peer = req.socket?.remoteAddress;
      if (peer) req.headers[name] = peer;
      else delete req.headers[name];
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY] = name;
  return name;
}
