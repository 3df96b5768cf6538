// Plain JavaScript, so scripts/start.mjs uses the same parser as the TypeScript side
// (contract/local-stack.ts re-exports it; the types are in ports.d.mts).

/**
 * A TCP port from an environment variable: the value when it is a whole number from 1 to 65535,
 * otherwise the default (unset, empty or garbage never becomes port 0 or NaN).
 *
 * @param {string | undefined} value
 * @param {number} fallback
 * @returns {number}
 */
export function portFrom(value, fallback) {
  const text = value?.trim();
  if (!text || !/^\d+$/.test(text)) return fallback;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : fallback;
}
