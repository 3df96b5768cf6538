/**
 * A TCP port from an environment variable: the value when it is a whole number from 1 to 65535,
 * otherwise the default (unset, empty or garbage never becomes port 0 or NaN).
 */
export function portFrom(value: string | undefined, fallback: number): number;
