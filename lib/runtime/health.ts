import 'server-only';
import { jwksUrl } from '@/lib/cognito/endpoints';
import type { Env } from '@/lib/runtime/env';
import { redisHealth } from '@/lib/http/rate-limit';
import { timeoutSignal } from '@/lib/upstream/deadline';

type UpstreamState = 'up' | 'down';
type Health = {
  ok: boolean;
  mode: Env['mode'];
  upstreams: {
    identity: UpstreamState;
    creatorSystem: UpstreamState;
    analyticsEmbed: UpstreamState;
  };
  redis: UpstreamState | 'off';
};

async function probe(url: string, timeoutMs: number): Promise<UpstreamState> {
  try {
    const res = await fetch(url, {
      method: 'GET',
      cache: 'no-store',
      signal: timeoutSignal(timeoutMs),
    });
    await res.body?.cancel();
    return res.status < 500 ? 'up' : 'down';
  } catch {
    return 'down';
  }
}

export async function checkHealth(env: Env, timeoutMs = 2000): Promise<Health> {
  const [identity, creatorSystem, analyticsEmbed, redis] = await Promise.all([
    probe(jwksUrl(env), timeoutMs),
    probe(
      env.mode === 'local' ? `${env.CREATOR_API_URL}/__local/health` : env.CREATOR_API_URL,
      timeoutMs,
    ),
    probe(env.ANALYTICS_EMBED_URL, timeoutMs),
    redisHealth(Math.min(timeoutMs, 1000)),
  ]);
  const upstreams = { identity, creatorSystem, analyticsEmbed };
  const ok = Object.values(upstreams).every((s) => s === 'up') && redis !== 'down';
  return { ok, mode: env.mode, upstreams, redis };
}

export const HEALTH_CACHE_MS = 5_000;
let cached: { at: number; figures: Promise<Health & { checkedAt: string }> } | undefined;

/** Shared for HEALTH_CACHE_MS: a public endpoint must not fan out to every upstream per request. */
export function cachedHealth(env: Env, now = Date.now()): Promise<Health & { checkedAt: string }> {
  if (!cached || now - cached.at >= HEALTH_CACHE_MS) {
    cached = {
      at: now,
      figures: checkHealth(env).then((h) => ({ ...h, checkedAt: new Date(now).toISOString() })),
    };
  }
  return cached.figures;
}
