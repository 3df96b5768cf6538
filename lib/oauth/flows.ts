import 'server-only';
import type { Env } from '@/lib/env';
import {
  OAUTH_FLOWS_MAX,
  OAUTH_FLOW_TTL_S,
  sealOAuthFlows,
  unsealOAuthFlows,
  type OAuthFlowsData,
} from '@/lib/session/seal';
import { createState, createVerifier, isWellFormedState } from './pkce';

/**
 * The hosted sign-ins a browser has under way, in one short-lived sealed cookie: each state with
 * its PKCE verifier, so the callback can tell its own answers from anyone else's. A few may be
 * under way at once (two tabs); a new one within the in-progress wait of the last (spec §9: 10 s)
 * is refused, as a second click of the same button would be.
 */
export const IN_PROGRESS_S = 10;

type Flow = OAuthFlowsData['flows'][number];

async function read(cookie: string | undefined, env: Env, now: number): Promise<Flow[]> {
  const data = await unsealOAuthFlows(cookie, env);
  return (data?.flows ?? []).filter((f) => now - f.startedAt < OAUTH_FLOW_TTL_S);
}

const write = (flows: Flow[], env: Env) =>
  flows.length ? sealOAuthFlows({ v: 1, flows }, env) : Promise.resolve('');

/** A new flow, and the cookie that holds it with the others; or refused while one has just begun. */
export async function beginFlow(
  cookie: string | undefined,
  env: Env,
  now: number,
): Promise<{ ok: true; flow: Flow; cookie: string } | { ok: false }> {
  const flows = await read(cookie, env, now);
  if (flows.some((f) => now - f.startedAt < IN_PROGRESS_S && f.startedAt <= now))
    return { ok: false };
  const flow: Flow = { state: createState(), verifier: createVerifier(), startedAt: now };
  const kept = [...flows, flow].slice(-OAUTH_FLOWS_MAX);
  return { ok: true, flow, cookie: await write(kept, env) };
}

/**
 * The flow a callback's state names, taken out of the cookie (a callback is answered once).
 * `cookie` is what the cookie becomes ('' for none left).
 */
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
