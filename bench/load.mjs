#!/usr/bin/env node
// Load: N creators at once sign in, open the dashboard and fetch an embed token.
//
//   node bench/load.mjs [--users 200] [--quick] [--cluster] [--setup-concurrency 16] [--keep-data]
//
// Starts the whole local stack itself (scripts/start.mjs on its own ports and data folder, in its
// own process group; with --cluster, start.mjs --cluster: three instances behind haproxy with
// Redis), creates N creators with confirmed accounts through the services, then runs
// N scripted users concurrently, each doing what a browser does:
//   signin     POST /login with the sign-in server action (multipart, as React sends it)
//   dashboard  GET / with the session cookies
//   token      GET /api/embed-token with the same cookies
// Checks: 0 errors, and every token's `sub` is that user's own channel id (no cross-user leakage).
// Reports p50/p95/p99 per step, the web process's peak memory (VmRSS sampled every 200 ms), and
// the CPU time each service's processes used during the run (/proc, user + system).
// Writes bench/results/load.json (load-cluster.json with --cluster). `--quick` runs 20 users.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = { web: 3700, identity: 9729, creator: 9730, embed: 9731, redis: 13700 };
const BASE = `http://localhost:${PORTS.web}`;
const IDENTITY = `http://127.0.0.1:${PORTS.identity}`;
const CREATOR = `http://127.0.0.1:${PORTS.creator}`;
const DATA_DIR = path.join('.data', 'load');
const DIST_DIR = process.env.NEXT_DIST_DIR || '.next-load';
// The local stack's fixed facts (contract/local-stack.ts).
const STACK = JSON.parse(readFileSync(path.join(root, 'contract', 'local-stack.json'), 'utf8'));
const CLIENT_ID = STACK.clientId;
const PASSWORD = 'Load!Test42';
const REQUEST_TIMEOUT_MS = 120_000;

function options(argv) {
  const o = { users: 200, setupConcurrency: 16, keepData: false, cluster: false, rate: 0 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === '--users') o.users = Number(argv[++i]);
    else if (k === '--quick') o.users = 20;
    else if (k === '--setup-concurrency') o.setupConcurrency = Number(argv[++i]);
    else if (k === '--keep-data') o.keepData = true;
    else if (k === '--cluster') o.cluster = true;
    else if (k === '--rate') o.rate = Number(argv[++i]);
    else throw new Error(`unknown option ${k}`);
  }
  if (!Number.isInteger(o.users) || o.users < 1)
    throw new Error('--users must be a positive integer');
  return o;
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the stack, in its own process group -------------------------------------------------------

let stack = null;
/** Process groups the stack started (its services lead their own): stopped by id at the end. */
const stackGroups = new Set();

function startStack(cluster) {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    PORT: String(PORTS.web),
    LOCAL_IDENTITY_PORT: String(PORTS.identity),
    LOCAL_CREATOR_PORT: String(PORTS.creator),
    LOCAL_EMBED_PORT: String(PORTS.embed),
    LOCAL_REDIS_PORT: String(PORTS.redis),
    LOCAL_DATA_DIR: DATA_DIR,
    STACK_LOG_DIR: path.join(DATA_DIR, 'logs'),
    // One source address signs in every creator: scale the per-IP allowances up.
    RATE_LIMIT_SCALE: '100',
    // The lenient pool: load signs one account up and in many times, past Cognito's code quota.
    IDENTITY_PRESET: 'lenient',
    LOG_LEVEL: 'warn',
  };
  stack = spawn(process.execPath, ['scripts/start.mjs', ...(cluster ? ['--cluster'] : [])], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d) => {
    output = (output + d.toString()).slice(-20_000);
  };
  stack.stdout.on('data', collect);
  stack.stderr.on('data', collect);
  return new Promise((resolve, reject) => {
    stack.once('exit', (code) =>
      reject(new Error(`the stack stopped (exit ${code}):\n${output.slice(-3000)}`)),
    );
    const started = Date.now();
    const poll = async () => {
      if (/Press Ctrl-C to stop\./.test(output)) return resolve();
      if (Date.now() - started > 600_000)
        return reject(new Error(`the stack did not start in 10 minutes:\n${output.slice(-3000)}`));
      setTimeout(poll, 250);
    };
    poll();
  });
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

async function stopStack() {
  if (!stack) return;
  const pid = stack.pid;
  stack = null;
  killGroup(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
  // start.mjs stops its services itself; anything left of the groups it started goes now.
  for (const g of [pid, ...stackGroups]) if (alive(g)) killGroup(g, 'SIGKILL');
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// ---- processes and memory (/proc) --------------------------------------------------------------

function proc(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // utime + stime (fields 14 and 15), in clock ticks.
    const ticks = Number(after[11]) + Number(after[12]);
    return { pid, ppid: Number(after[1]), pgrp: Number(after[2]), rss, cmdline, comm, ticks };
  } catch {
    return null;
  }
}

function allProcs() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => proc(Number(d)))
    .filter(Boolean);
}

/** The stack's processes: start.mjs's descendants. The web app is the Next server's group. */
function findStackProcesses() {
  const procs = allProcs();
  const children = new Map();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const descendants = [];
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      descendants.push(c);
      walk(c.pid);
    }
  };
  walk(stack.pid);
  for (const p of descendants) if (p.pgrp !== stack.pid) stackGroups.add(p.pgrp);
  // The Next server (`next start`) calls itself `next-server (vX)`; its group is
  // the web app's.
  const webApps = descendants.filter((p) =>
    /next-server|next\/dist\/bin\/next start/.test(p.cmdline),
  );
  if (webApps.length === 0)
    throw new Error('could not find the web app (next-server) among the stack processes');
  return { webGroups: [...new Set(webApps.map((p) => p.pgrp))] };
}

/**
 * Each service's name by its process group: start.mjs's cluster.json where it wrote one (the
 * cluster), else what its leader runs.
 */
function serviceNames() {
  const names = new Map();
  try {
    const services = JSON.parse(readFileSync(path.join(root, DATA_DIR, 'cluster.json'), 'utf8'));
    for (const [name, { pid }] of Object.entries(services)) if (pid) names.set(pid, name);
  } catch {
    // a single instance: no cluster.json
  }
  for (const g of stackGroups) {
    if (names.has(g)) continue;
    const leader = proc(g);
    const line = `${leader?.cmdline ?? ''} ${leader?.comm ?? ''}`;
    names.set(
      g,
      /identity/.test(line)
        ? 'local identity'
        : /creator-system/.test(line)
          ? 'creator system'
          : /next-server|next\/dist\/bin\/next start/.test(line)
            ? 'web app'
            : (leader?.comm ?? String(g)),
    );
  }
  return names;
}

/** CPU ticks used so far by each of the stack's process groups. */
function groupTicks() {
  const ticks = new Map();
  for (const p of allProcs())
    if (stackGroups.has(p.pgrp)) ticks.set(p.pgrp, (ticks.get(p.pgrp) ?? 0) + p.ticks);
  return ticks;
}

/** VmRSS of the web app's groups: the largest process (next-server) and the groups together. */
function webMemory(webGroups) {
  const members = allProcs().filter((p) => webGroups.includes(p.pgrp));
  const server = members.reduce((a, b) => (b.rss > (a?.rss ?? -1) ? b : a), null);
  return {
    server: server?.rss ?? 0,
    serverName: server?.cmdline || server?.comm || '?',
    group: members.reduce((s, p) => s + p.rss, 0),
  };
}

// ---- HTTP helpers ------------------------------------------------------------------------------

async function call(url, init = {}) {
  const res = await fetch(url, {
    redirect: 'manual',
    ...init,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch((error) => {
    // fetch says only "fetch failed": the cause names the socket's trouble.
    const cause = error?.cause;
    throw new Error(`${error.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`);
  });
  const text = await res.text();
  return { res, text };
}

async function cognito(op, body) {
  const { res, text } = await call(`${IDENTITY}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${op}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** A creator with a confirmed account, made through the services (as e2e/fixtures.ts does). */
async function createAccount(i, runId) {
  const email = `load.${runId}.${i}@creator.test`;
  // Letters only, one length for all (none is a prefix of another), as the dashboard shows it.
  const name =
    `Loadtester ${`${runId.slice(-4)}${String(i).padStart(4, '0')}`.replace(/\d/g, (d) => 'abcdefghij'[d])}`.replace(
      / (.)/,
      (m, c) => ` ${c.toUpperCase()}`,
    );
  const { res, text } = await call(`${CREATOR}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) throw new Error(`creator factory: ${res.status} ${text.slice(0, 200)}`);
  const channelId = JSON.parse(text).id;
  await cognito('SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: name },
    ],
  });
  // The channel id is not the app client's to write: an admin call binds it, as the product does.
  await cognito('AdminUpdateUserAttributes', {
    UserPoolId: STACK.poolId,
    Username: email,
    UserAttributes: [{ Name: STACK.channelAttribute, Value: channelId }],
  });
  let code = null;
  for (let tries = 0; tries < 100 && !code; tries++) {
    const outbox = JSON.parse(
      (await call(`${IDENTITY}/__local/outbox?to=${encodeURIComponent(email)}`)).text,
    );
    code = outbox.find((e) => e.purpose === 'signup')?.code ?? null;
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no sign-up code for ${email}`);
  await cognito('ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
  return { i, email, name, channelId };
}

async function pool(items, concurrency, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const k = next++;
        out[k] = await fn(items[k]);
      }
    }),
  );
  return out;
}

function signInActionId() {
  const manifest = JSON.parse(
    readFileSync(path.join(root, DIST_DIR, 'server', 'server-reference-manifest.json'), 'utf8'),
  );
  const found = Object.entries(manifest.node ?? {}).find(
    ([, e]) => e.exportedName === 'signInAction',
  );
  if (!found) throw new Error(`no signInAction in ${DIST_DIR}'s server-reference-manifest.json`);
  return found[0];
}

const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((pair) => pair.slice(pair.indexOf('=') + 1) !== '')
    .join('; ');

const jwtPayload = (token) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

/** The three steps of one creator's visit, each as a browser does it; each throws what went wrong. */
function stepsOf(user, actionId) {
  const xff = `10.210.${(user.i >> 8) & 255}.${user.i & 255}`;
  return {
    async signin() {
      // The body React's client sends for useActionState(signInAction) on submit.
      const body = new FormData();
      body.append('_1_email', user.email);
      body.append('_1_password', PASSWORD);
      body.append('0', JSON.stringify([{ status: 'idle' }, '$K1']));
      const { res, text } = await call(`${BASE}/login`, {
        method: 'POST',
        headers: { accept: 'text/x-component', 'next-action': actionId, 'x-forwarded-for': xff },
        body,
      });
      // Signed in, the action redirects to the dashboard (the framework names it in a header);
      // the next step loads it.
      const to = res.headers.get('x-action-redirect')?.split(';')[0];
      if (res.status >= 400 || to !== '/') {
        throw new Error(`status ${res.status}: ${text.slice(0, 160)}`);
      }
      const c = cookiesOf(res);
      if (!/cd_session=Fe26/.test(c)) throw new Error('no session cookie');
      return c;
    },
    async dashboard(cookie) {
      const { res, text } = await call(`${BASE}/`, {
        headers: { cookie, 'x-forwarded-for': xff },
      });
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      if (!text.includes(user.name)) throw new Error('the dashboard does not show this creator');
    },
    async token(cookie) {
      const { res, text } = await call(`${BASE}/api/embed-token`, {
        headers: { cookie, 'x-forwarded-for': xff },
      });
      if (res.status !== 200) throw new Error(`status ${res.status}: ${text.slice(0, 160)}`);
      const sub = jwtPayload(JSON.parse(text).token).sub;
      // No cross-user leakage: the token is bound to this creator's own channel.
      if (sub !== user.channelId)
        throw new Error(`LEAK: token for ${sub}, expected ${user.channelId}`);
    },
  };
}

/** Runs one step, timed into `times[name]`; a failure names the step. */
async function timed(times, name, fn) {
  const t = performance.now();
  try {
    return await fn();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    times[name].push(performance.now() - t);
  }
}

/** One creator's whole visit, the steps one after the other. */
async function visit(user, actionId, times) {
  const steps = stepsOf(user, actionId);
  const started = performance.now();
  const cookie = await timed(times, 'signin', () => steps.signin());
  await timed(times, 'dashboard', () => steps.dashboard(cookie));
  await timed(times, 'token', () => steps.token(cookie));
  times.journey.push(performance.now() - started);
}

/** Calls `fn` for each item, the k-th starting k / rate seconds after the first. */
async function paced(items, rate, fn) {
  const t0 = performance.now();
  await Promise.all(
    items.map(async (item, k) => {
      const wait = t0 + (k * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      await fn(item);
    }),
  );
}

/**
 * --rate: each step in a phase of its own, the creators arriving `rate` a second, so each step's
 * CPU is measured alone (the capacity model in bench/results.md). Answers CPU seconds per step and
 * service.
 */
async function phasedRun(users, actionId, times, errors, rate, names) {
  const cpu = {};
  const cookies = new Map();
  let alive = users;
  for (const name of ['signin', 'dashboard', 'token']) {
    const before = groupTicks();
    const t = performance.now();
    const failed = new Set();
    await paced(alive, rate, async (user) => {
      const steps = stepsOf(user, actionId);
      try {
        const answer = await timed(times, name, () => steps[name](cookies.get(user.i)));
        if (name === 'signin') cookies.set(user.i, answer);
      } catch (error) {
        failed.add(user.i);
        errors.push({ user: user.email, error: error.message });
      }
    });
    const seconds = (performance.now() - t) / 1000;
    const after = groupTicks();
    cpu[name] = { wallSeconds: Number(seconds.toFixed(2)), requests: alive.length };
    for (const [group, ticks] of after) {
      const service = names.get(group) ?? String(group);
      const used = (ticks - (before.get(group) ?? 0)) / 100;
      cpu[name][service] = Number(((cpu[name][service] ?? 0) + used).toFixed(2));
    }
    alive = alive.filter((u) => !failed.has(u.i));
  }
  return cpu;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const k = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[k];
}

function summarize(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const r = (n) => Math.round(n);
  return {
    count: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s.at(-1) ?? NaN),
  };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const o = options(process.argv.slice(2));
  if (!o.keepData && existsSync(path.join(root, DATA_DIR)))
    rmSync(path.join(root, DATA_DIR), { recursive: true, force: true });
  say(
    `Starting the local stack on :${PORTS.web} (build folder ${DIST_DIR}; a build runs first when it is stale)…`,
  );
  const t0 = Date.now();
  await startStack(o.cluster);
  say(`Stack up in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
  const { webGroups } = findStackProcesses();

  const runId = Date.now().toString(36);
  say(`Creating ${o.users} creators with confirmed accounts…`);
  const tSetup = Date.now();
  const users = await pool(
    Array.from({ length: o.users }, (_, i) => i),
    o.setupConcurrency,
    (i) => createAccount(i, runId),
  );
  say(`Accounts ready in ${((Date.now() - tSetup) / 1000).toFixed(1)} s.`);

  const actionId = signInActionId();
  const idle = webMemory(webGroups);
  const peak = { ...idle };
  const sampler = setInterval(() => {
    const m = webMemory(webGroups);
    if (m.server > peak.server) Object.assign(peak, { server: m.server, serverName: m.serverName });
    if (m.group > peak.group) peak.group = m.group;
  }, 200);

  const times = { signin: [], dashboard: [], token: [], journey: [] };
  const errors = [];
  const names = serviceNames();
  say(
    o.rate
      ? `Running ${o.users} creators arriving ${o.rate} a second, one step at a time: sign in, dashboard, embed token…`
      : `Running ${o.users} concurrent creators: sign in, dashboard, embed token…`,
  );
  const tRun = performance.now();
  const ticksBefore = groupTicks();
  let cpuPerStep;
  if (o.rate) cpuPerStep = await phasedRun(users, actionId, times, errors, o.rate, names);
  else
    await Promise.all(
      users.map((u) =>
        visit(u, actionId, times).catch((e) => {
          errors.push({ user: u.email, error: e.message });
        }),
      ),
    );
  const wallMs = performance.now() - tRun;
  const ticksAfter = groupTicks();
  await sleep(400);
  clearInterval(sampler);
  // CPU seconds per service during the run (clock ticks are 1/100 s on Linux).
  const cpuSeconds = {};
  for (const [group, after] of ticksAfter) {
    const name = names.get(group) ?? String(group);
    const used = (after - (ticksBefore.get(group) ?? 0)) / 100;
    cpuSeconds[name] = Number(((cpuSeconds[name] ?? 0) + used).toFixed(2));
  }

  const leaks = errors.filter((e) => e.error.includes('LEAK'));
  // Paced, the steps run in phases of their own: there is no whole journey to time.
  const steps = Object.fromEntries(
    Object.entries(times)
      .filter(([, v]) => v.length > 0)
      .map(([k, v]) => [k, summarize(v)]),
  );
  const result = {
    when: new Date().toISOString(),
    users: o.users,
    ...(o.rate ? { arrivalsPerSecond: o.rate, cpuPerStep } : { concurrency: o.users }),
    instances: o.cluster ? webGroups.length : 1,
    wallSeconds: Number((wallMs / 1000).toFixed(2)),
    errors: errors.length,
    crossUserLeaks: leaks.length,
    errorSamples: errors.slice(0, 10),
    latencyMs: steps,
    cpuSeconds,
    webMemory: {
      process: peak.serverName,
      idleRss: idle.server,
      peakRss: peak.server,
      peakGroupRss: peak.group,
    },
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
  };

  say('');
  say(
    `${o.users} ${o.rate ? `creators at ${o.rate} a second` : 'concurrent creators'} in ${result.wallSeconds} s — errors: ${errors.length}, cross-user leaks: ${leaks.length}`,
  );
  say('');
  say('step        count    p50 ms    p95 ms    p99 ms    max ms');
  for (const [k, v] of Object.entries(steps)) {
    say(
      `${k.padEnd(10)} ${String(v.count).padStart(6)} ${String(v.p50).padStart(9)} ${String(v.p95).padStart(9)} ${String(v.p99).padStart(9)} ${String(v.max).padStart(9)}`,
    );
  }
  say('');
  say(
    `web process (${peak.serverName}) RSS: ${mb(idle.server)} before the run, peak ${mb(peak.server)} (whole web group peak ${mb(peak.group)})`,
  );
  say(
    `CPU seconds during the run: ${Object.entries(cpuSeconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  if (cpuPerStep)
    for (const [step, figures] of Object.entries(cpuPerStep)) {
      const { wallSeconds, requests, ...services } = figures;
      const perRequest = Object.entries(services)
        .map(([k, v]) => `${k} ${((v * 1000) / Math.max(1, requests)).toFixed(1)}`)
        .join(', ');
      say(`CPU ms per ${step} (${requests} in ${wallSeconds} s): ${perRequest}`);
    }
  for (const e of errors.slice(0, 10)) say(`  error: ${e.user}: ${e.error}`);

  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const file = `load${o.cluster ? '-cluster' : ''}${o.rate ? '-paced' : ''}.json`;
  writeFileSync(path.join(root, 'bench', 'results', file), `${JSON.stringify(result, null, 2)}\n`);
  say(`Written: bench/results/${file}`);
  return errors.length === 0 ? 0 : 1;
}

let exiting = false;
async function finish(code) {
  if (exiting) return;
  exiting = true;
  await stopStack();
  process.exit(code);
}
process.on('SIGINT', () => void finish(130));
process.on('SIGTERM', () => void finish(143));

main().then(
  (code) => finish(code),
  (error) => {
    say(`Load run failed: ${error instanceof Error ? error.message : String(error)}`);
    return finish(1);
  },
);
