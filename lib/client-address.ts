import { isIP } from 'node:net';

/**
 * The client's address, for per-IP limits and logs.
 *
 * The chain is [...X-Forwarded-For entries, the peer's socket address]. Each trusted proxy in front
 * of us appends the address it saw, so with TRUSTED_PROXY_HOPS = N the client is the entry N
 * places from the right (the leftmost when the chain is shorter). Entries further left are
 * whatever the client chose to send. With no trusted hop the header is ignored entirely.
 *
 * The peer comes from a header the server stamps on each request before Next sees it
 * (lib/peer-stamp.ts); its name carries a per-process random suffix, so a client cannot send it.
 */

/** Where the stamp keeps the name of its header in this process (shared by every bundle). */
export const PEER_HEADER_KEY = Symbol.for('creator-dashboard.peer-address-header');
export const MAX_TRUSTED_PROXY_HOPS = 5;
/** Every request whose address cannot be told shares this one bucket. */
export const UNKNOWN_ADDRESS = 'unknown';

type HeaderReader = { get(name: string): string | null };

/** The stamped header's name, once the stamp is installed in this process. */
export function peerHeaderName(): string | undefined {
  const name = (globalThis as Record<symbol, unknown>)[PEER_HEADER_KEY];
  return typeof name === 'string' ? name : undefined;
}

/** An IP address in one canonical spelling, or undefined when `raw` is none. */
export function normalizeAddress(raw: string | null | undefined): string | undefined {
  let a = raw?.trim();
  if (!a || a.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  // An IPv4 client on a dual-stack socket.
  if (/^::ffff:[\d.]+$/i.test(a)) a = a.slice(7);
  return isIP(a) ? a.toLowerCase() : undefined;
}

/** Pure: the client address from the forwarded chain, the peer and the trusted hop count. */
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

/** The client address of a request, from its headers (Next's `headers()` or a NextRequest's). */
export function clientAddressFromHeaders(headers: HeaderReader, hops: number): string {
  const name = peerHeaderName();
  return clientAddress(headers.get('x-forwarded-for'), name ? headers.get(name) : undefined, hops);
}

/**
 * The key an address is limited under: an IPv4 address as it is, an IPv6 one by its /64 (one
 * household or phone gets a whole /64, so single addresses inside it cost an attacker nothing).
 */
export function limitKeyOfAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  // An IPv4 client seen through IPv6 (mapped, NAT64's 64:ff9b::/96, an IPv4 tail): the whole
  // address is that one client, never a /64 shared with every other.
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
