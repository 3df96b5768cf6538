/** An error's name, read without instanceof: fetch's errors may come from another realm. */
export function errorName(error: unknown, fallback = 'unknown'): string {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name ? name : fallback;
}
