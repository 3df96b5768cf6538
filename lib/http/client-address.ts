import { isIP } from 'node:net';

export const PEER_HEADER_KEY = Symbol.for('creator-dashboard.peer-address-header');
export const MAX_TRUSTED_PROXY_HOPS = 5;
export const UNKNOWN_ADDRESS = 'unknown';

type HeaderReader = { get(name: string): string | null };

export function peerHeaderName(): string | undefined {
  const name = (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY];
  return typeof name === 'string' ? name : undefined;
}

/** The request id the server hook stamps, under the same private suffix as the address. */
export const requestIdHeaderName = (peerHeader: string): string =>
  peerHeader.replace('x-cd-peer-', 'x-cd-rid-');

export function stampedRequestId(headers: HeaderReader): string | undefined {
  const name = peerHeaderName();
  const id = name ? headers.get(requestIdHeaderName(name)) : null;
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
}

export function normalizeAddress(raw: string | null | undefined): string | undefined {
  let a = raw?.trim();
  if (!a || a.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (/^::ffff:[\d.]+$/i.test(a)) a = a.slice(7);
  return isIP(a) ? a.toLowerCase() : undefined;
}

export function clientAddress(
  forwardedFor: string | null | undefined,
  peer: string | null | undefined,
  hops: number,
): string {
  const chain: (string | undefined)[] = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // An unknown peer keeps its place, so the count from the right stays the same.
  chain.push(peer ?? undefined);
  const trusted = Math.min(Math.max(0, Math.trunc(hops) || 0), MAX_TRUSTED_PROXY_HOPS);
  const picked = chain[Math.max(0, chain.length - 1 - trusted)];
  return normalizeAddress(picked) ?? UNKNOWN_ADDRESS;
}

export function clientAddressFromHeaders(headers: HeaderReader, hops: number): string {
  const name = peerHeaderName();
  return clientAddress(headers.get('x-forwarded-for'), name ? headers.get(name) : undefined, hops);
}

/** IPv6 by its /64: one household gets a whole /64, so its single addresses cost nothing. */
export function limitKeyOfAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  // An IPv4 client seen through IPv6 (mapped, NAT64, an IPv4 tail) is never a shared /64.
  const lower = address.toLowerCase();
  if (lower.includes('.') || lower.startsWith('::ffff:') || lower.startsWith('64:ff9b:'))
    return lower;
  const [head = '', tail] = address.split('::');
  const count = (part: string) =>
    part === '' ? 0 : part.split(':').reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const missing = 8 - count(head) - count(tail);
    for (let i = 0; i < missing; i++) groups.push('0');
    groups.push(...(tail === '' ? [] : tail.split(':')));
  }
  const prefix = groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  while (prefix.length < 4) prefix.push('0');
  return `${prefix.join(':')}::/64`;
}
