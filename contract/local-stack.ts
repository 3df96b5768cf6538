import stack from './local-stack.json';

/**
 * The local stack's fixed facts (docs/architecture.md §4): its pool, its app client, the ports each
 * service listens on by default, and the pool's one custom attribute. Both sides read them from
 * here: the product in local mode (lib/env.ts), the stand-ins under local/, the scripts and the
 * tests. Nothing else in this folder: it is the only module the product and the stack share.
 */
export const LOCAL_STACK = stack;

/** The attribute that names a creator's channel in the creator system (docs/product.md §5). */
export const CHANNEL_ATTRIBUTE = stack.channelAttribute;

/**
 * A TCP port from an environment variable: the value when it is a whole number from 1 to 65535,
 * otherwise the default (unset, empty or garbage never becomes port 0 or NaN).
 */
export function portFrom(value: string | undefined, fallback: number): number {
  const text = value?.trim();
  if (!text || !/^\d+$/.test(text)) return fallback;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : fallback;
}
