import 'server-only';
import type { Env } from '@/lib/runtime/env';
import {
  OAUTH_FLOWS_MAX,
  OAUTH_FLOW_TTL_S,
  type OAuthFlowsData,
  sealAs,
  unsealAs,
} from '@/lib/session/seal';
import { createState, createVerifier, isWellFormedState } from './pkce';

/** Two tabs may each start one; another within 10 s is a second click (docs/product.md §9.4). */
export const IN_PROGRESS_S = 10;

type Flow = OAuthFlowsData['flows'][number];

async function read(cookie: string | undefined, env: Env, now: number): Promise<Flow[]> {
  const data = await unsealAs('oauth', cookie, env);
  return (data?.flows ?? []).filter((f) => now - f.startedAt < OAUTH_FLOW_TTL_S);
}

const write = (flows: Flow[], env: Env) =>
  flows.length ? sealAs('oauth', { v: 1, flows }, env) : Promise.resolve('');

export async function beginFlow(
  cookie: string | undefined,
  env: Env,
  now: number,
  purpose?: { purpose: 'delete'; sub: string },
): Promise<{ ok: true; flow: Flow; cookie: string } | { ok: false }> {
  const flows = await read(cookie, env, now);
  if (flows.some((f) => now - f.startedAt < IN_PROGRESS_S && f.startedAt <= now))
    return { ok: false };
  const flow: Flow = {
    state: createState(),
    verifier: createVerifier(),
    startedAt: now,
    ...purpose,
  };
  const kept = [...flows, flow].slice(-OAUTH_FLOWS_MAX);
  return { ok: true, flow, cookie: await write(kept, env) };
}

export async function takeFlow(
  cookie: string | undefined,
  state: string | null,
  env: Env,
  now: number,
): Promise<{ flow?: Flow; cookie: string }> {
  const flows = await read(cookie, env, now);
  const flow = isWellFormedState(state) ? flows.find((f) => f.state === state) : undefined;
  return { flow, cookie: await write(flow ? flows.filter((f) => f !== flow) : flows, env) };
}
