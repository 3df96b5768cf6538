import 'server-only';
import { z } from 'zod';
import { getEnv, type Env } from '@/lib/runtime/env';
import { errorName } from '@/lib/runtime/error-name';
import { log } from '@/lib/runtime/log';
import { timedUpstream } from '@/lib/runtime/metrics';
import { sharedUpstreamGuard } from '@/lib/upstream/guard';

type CreatorFailure = 'not-found' | 'unavailable';
export type CreatorResult<T> = { ok: true; value: T } | { ok: false; reason: CreatorFailure };

/**
 * custom:channelmeter_id's MaxLength in infra/user-pool.yaml (bytes): a longer id could not be
 * bound, so an answer carrying one is refused like any other malformed answer.
 */
export const CHANNEL_ID_MAX_BYTES = 256;

const searchAnswer = z.array(
  z
    .object({
      id: z
        .union([z.string(), z.number()])
        .transform(String)
        .refine((id) => id.length > 0 && Buffer.byteLength(id) <= CHANNEL_ID_MAX_BYTES),
      email: z.string(),
      // A name the record may have; anything else there is ignored, never a refusal.
      name: z.string().optional().catch(undefined),
    })
    .passthrough(),
);

/** A creator record: the channel id, and the name where the system has one. */
export type CreatorRecord = { id: string; name?: string };
const tokenAnswer = z.object({ token: z.string().min(1) }).passthrough();

type Config = Pick<Env, 'CREATOR_API_URL' | 'CREATOR_API_KEY' | 'UPSTREAM_TIMEOUT_MS'> &
  Partial<Pick<Env, 'CREATOR_LOOKUP_BUDGET_MS'>>;

type Answer = { ok: boolean; status: number; body: unknown };

/**
 * Each call within UPSTREAM_TIMEOUT_MS, capped and refused while the system is silent (decision
 * 039); `budgetMs` cuts it shorter where a person is waiting on it (the lookup, decision 044).
 * The body is read within the same time: one that stalls after its headers is silence too.
 */
function guardedFetch(
  env: Config,
  op: string,
  url: string,
  init: RequestInit,
  { budgetMs, read = true }: { budgetMs?: number; read?: boolean } = {},
): Promise<Answer> {
  const run = sharedUpstreamGuard(
    `creator-system ${env.CREATOR_API_URL} ${env.UPSTREAM_TIMEOUT_MS}`,
    'creator-system',
    env.UPSTREAM_TIMEOUT_MS,
  );
  return timedUpstream('creator-system', op, () =>
    run(
      async (signal) => {
        const res = await fetch(url, { ...init, signal });
        const body: unknown =
          res.ok && read ? await res.json().catch(() => undefined) : await res.body?.cancel();
        return { ok: res.ok, status: res.status, body };
      },
      { budgetMs },
    ),
  );
}

async function get(
  path: string,
  env: Config,
  op: string,
  budgetMs?: number,
): Promise<{ status: number; body: unknown } | null> {
  const started = Date.now();
  try {
    const res = await guardedFetch(
      env,
      op,
      `${env.CREATOR_API_URL}${path}`,
      {
        method: 'GET',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(env.CREATOR_API_KEY ? { 'x-api-key': env.CREATOR_API_KEY } : {}),
        },
        cache: 'no-store',
      },
      { budgetMs },
    );
    if (!res.ok) log.warn('creators.error', { op, status: res.status, ms: Date.now() - started });
    return { status: res.status, body: res.body };
  } catch (error) {
    log.warn('creators.unreachable', {
      op,
      reason: errorName(error),
      ms: Date.now() - started,
    });
    return null;
  }
}

/** The creator's channel id for an email (findCreator, without the name). */
export async function findCreatorId(
  email: string,
  env: Config = getEnv(),
): Promise<CreatorResult<string>> {
  const found = await findCreator(email, env);
  return found.ok ? { ok: true, value: found.value.id } : found;
}

/** The creator record for an email, within CREATOR_LOOKUP_BUDGET_MS: a person waits on it. */
export async function findCreator(
  email: string,
  env: Config = getEnv(),
): Promise<CreatorResult<CreatorRecord>> {
  const wanted = email.trim().toLowerCase();
  const res = await get(
    `/organizations/revolt/users/search?query=${encodeURIComponent(wanted)}`,
    env,
    'search',
    env.CREATOR_LOOKUP_BUDGET_MS,
  );
  if (!res || res.status !== 200) return { ok: false, reason: 'unavailable' };
  const parsed = searchAnswer.safeParse(res.body);
  if (!parsed.success) {
    log.warn('creators.bad_answer', { op: 'search' });
    return { ok: false, reason: 'unavailable' };
  }
  const match = parsed.data.find((u) => u.email.trim().toLowerCase() === wanted);
  if (!match) return { ok: false, reason: 'not-found' };
  const name = match.name?.trim();
  return { ok: true, value: { id: match.id, ...(name ? { name } : {}) } };
}

export async function fetchEmbedToken(
  channelId: string,
  env: Config = getEnv(),
): Promise<CreatorResult<string>> {
  // '.' and '..' survive encodeURIComponent and would step out of the /users/{id} segment.
  if (/^\.{1,2}$/.test(channelId)) {
    log.warn('creators.bad_channel_id');
    return { ok: false, reason: 'not-found' };
  }
  const res = await get(`/users/${encodeURIComponent(channelId)}/embed_token`, env, 'embed_token');
  if (!res) return { ok: false, reason: 'unavailable' };
  if (res.status === 404) return { ok: false, reason: 'not-found' };
  const parsed = tokenAnswer.safeParse(res.body);
  if (res.status !== 200 || !parsed.success) return { ok: false, reason: 'unavailable' };
  return { ok: true, value: parsed.data.token };
}

/** 'not-found': no such channel, or the email belongs to another creator there. */
export async function moveCreatorEmail(
  channelId: string,
  email: string,
  env: Config = getEnv(),
): Promise<CreatorResult<void>> {
  if (/^\.{1,2}$/.test(channelId)) return { ok: false, reason: 'not-found' };
  const started = Date.now();
  try {
    const res = await guardedFetch(
      env,
      'move_email',
      `${env.CREATOR_API_URL}/users/${encodeURIComponent(channelId)}/email`,
      {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(env.CREATOR_API_KEY ? { 'x-api-key': env.CREATOR_API_KEY } : {}),
        },
        body: JSON.stringify({ email: email.trim().toLowerCase() }),
        cache: 'no-store',
      },
      { read: false },
    );
    if (res.ok) return { ok: true, value: undefined };
    log.warn('creators.error', { op: 'move_email', status: res.status, ms: Date.now() - started });
    return {
      ok: false,
      reason: res.status === 404 || res.status === 409 ? 'not-found' : 'unavailable',
    };
  } catch (error) {
    log.warn('creators.unreachable', {
      op: 'move_email',
      reason: errorName(error),
      ms: Date.now() - started,
    });
    return { ok: false, reason: 'unavailable' };
  }
}
