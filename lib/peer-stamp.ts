import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { PEER_HEADER_KEY, peerHeaderName } from './client-address';
import { track } from './drain';

// Next drops the socket address when a client sends X-Forwarded-For; this header keeps it,
// under a per-process random name a client cannot send.
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
      track(this, args[1] as http.ServerResponse);
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
  (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY] = name;
  return name;
}
