import 'server-only';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { sharedRedis } from '@/lib/redis';

/**
 * When every session of an account was ended (sign out everywhere, a reset, "this wasn't me", a
 * deletion): a session that started before it is refused at its next request, not at the next
 * token check up to 5 minutes later. Shared through Redis when REDIS_URL is set (every instance
 * sees it at once); in this process's memory too, which alone covers a single instance.
 */
const HOLDER = Symbol.for('creator-dashboard.session.revocations');
const memory = ((globalThis as { [HOLDER]?: Map<string, number> })[HOLDER] ??= new Map());
const MEMORY_MAX = 50_000;
const key = (sub: string) => `rv:${sub}`;

/** Records that every session of `sub` that started before `at` (seconds) is over. */
export async function markRevoked(sub: string, at = Math.floor(Date.now() / 1000)): Promise<void> {
  memory.delete(sub);
  memory.set(sub, at);
  if (memory.size > MEMORY_MAX) memory.delete(memory.keys().next().value!);
  const redis = sharedRedis();
  if (!redis?.usable()) return;
  try {
    // Kept as long as any session could still be live.
    await redis.client.set(key(sub), String(at), 'EX', getEnv().sessionLimits.maxS);
  } catch (error) {
    redis.failed(error);
    log.warn('session.revocation_not_shared');
  }
}

/** When the sessions of `sub` were last ended, in seconds; undefined when never (or forgotten). */
export async function revokedAt(sub: string): Promise<number | undefined> {
  const redis = sharedRedis();
  if (redis?.usable()) {
    try {
      const kept = await redis.client.get(key(sub));
      if (kept) return Number(kept) || undefined;
    } catch (error) {
      redis.failed(error);
    }
  }
  return memory.get(sub);
}

/**
 * Proofs of the password already used for a way in (a passkey, an authenticator app), by account
 * and proof id: a replayed cookie that still carries one cannot use it again. Kept as long as
 * a proof lasts.
 */
const SPENT = Symbol.for('creator-dashboard.session.spent-proofs');
const spentHere = ((globalThis as { [SPENT]?: Map<string, number> })[SPENT] ??= new Map());
const PROOF_S = 10 * 60;

export async function markSpent(sub: string, proof: string): Promise<void> {
  const id = `${sub}:${proof}`;
  spentHere.set(id, Date.now() + PROOF_S * 1000);
  for (const [k, until] of spentHere) if (until < Date.now()) spentHere.delete(k);
  const redis = sharedRedis();
  if (!redis?.usable()) return;
  try {
    await redis.client.set(`proof:${id}`, '1', 'EX', PROOF_S);
  } catch (error) {
    redis.failed(error);
  }
}

export async function isSpent(sub: string, proof: string): Promise<boolean> {
  const id = `${sub}:${proof}`;
  if ((spentHere.get(id) ?? 0) > Date.now()) return true;
  const redis = sharedRedis();
  if (!redis?.usable()) return false;
  try {
    return (await redis.client.get(`proof:${id}`)) !== null;
  } catch (error) {
    redis.failed(error);
    return false;
  }
}
