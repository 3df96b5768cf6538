export const CLUSTER_PROGRAMS: Record<string, string>;
export const INSTANCE_KEEP_ALIVE_MS: number;
export function findProgram(name: string, searchPath?: string): string | null;
export function ensurePrograms(
  say: (line: string) => void,
): { ok: false; line: string } | { ok: true; redis: string; haproxy: string };
export function haproxyConfig(options: {
  port: number;
  instances: { name: string; port: number }[];
}): string;
