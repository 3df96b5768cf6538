#!/usr/bin/env node
// One command for the whole product.
//   Local mode (no COGNITO_USER_POOL_ID): builds when needed, starts the embedded local stack
//   (identity, creator system, analytics embed) and the web server; stops everything together.
//   Production mode: starts only the web server (`next start`) on the build `npm run build` made;
//   it never builds on its own.
//   --dev: the same with `next dev` instead of a production build.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portFrom } from '../contract/ports.mjs';
import { checkNode } from './node-version.mjs';
import { INSTANCE_KEEP_ALIVE_MS, ensurePrograms, haproxyConfig } from './cluster.mjs';

checkNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const cluster = process.argv.includes('--cluster');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const local = !env.COGNITO_USER_POOL_ID?.trim();
// The local stack's fixed facts, shared with the app and the stand-ins (contract/local-stack.ts).
const stack = JSON.parse(readFileSync(path.join(root, 'contract', 'local-stack.json'), 'utf8'));
const webPort = portFrom(env.PORT, stack.ports.web);
const ports = {
  identity: portFrom(env.LOCAL_IDENTITY_PORT, stack.ports.identity),
  creator: portFrom(env.LOCAL_CREATOR_PORT, stack.ports.creator),
  embed: portFrom(env.LOCAL_EMBED_PORT, stack.ports.embed),
};
env.LOCAL_DATA_DIR ||= path.join(root, '.data', 'local');
if (local) {
  // A host that sets NODE_ENV=production but lost its pool settings must not quietly run the local
  // stack on the repository's session secret; anyone else asked for the local stack by running this.
  if (env.NODE_ENV === 'production' && env.LOCAL_STACK !== '1') {
    process.stdout.write(
      'NODE_ENV is production but COGNITO_USER_POOL_ID is not set: set the production variables (see .env.example), or LOCAL_STACK=1 to run the local stack on purpose.\n',
    );
    process.exit(1);
  }
  env.LOCAL_STACK = '1';
  // The local app client is the template's, confidential (local/identity/settings.ts): the web app
  // sends SECRET_HASH with the pool's secret, the contract's unless IDENTITY_CLIENT_SECRET names one.
  if (!env.COGNITO_CLIENT_SECRET)
    env.COGNITO_CLIENT_SECRET = env.IDENTITY_CLIENT_SECRET?.trim() || stack.clientSecret;
  // What the app keeps across its restarts (lib/state) lives with the rest of the local data, so
  // `npm run local:reset` wipes it too.
  env.STATE_DIR ||= path.join(env.LOCAL_DATA_DIR, 'app');
}
// On Node 20 the SDK's upgrade notice repeats on every local start; node-version.mjs says it once.
if (local) env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const children = new Set();
let stopping = false;

function say(line = '') {
  process.stdout.write(`${line}\n`);
}

function portFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.once('listening', () => srv.close(() => resolve(true)));
    srv.listen(port, '127.0.0.1');
  });
}

/** Where a terminal's web app keeps every line it does not show (see `run`). */
const webLogFile = (name) =>
  path.join(env.LOCAL_DATA_DIR, 'logs', `${name.replace(/\s+/g, '-')}.log`);

/** A JSON log line below warn: the per-request lines a person at the terminal does not read. */
function isInfoJson(line) {
  if (!line.startsWith('{')) return false;
  try {
    const level = JSON.parse(line).level;
    return level === 'info' || level === 'debug' || level === 'trace';
  } catch {
    return false;
  }
}

/**
 * Starts one service. Alone, any service that stops stops everything. In the cluster, a web
 * instance, Redis or a local service that stops is started again after CLUSTER_RESTART_S seconds
 * (default 2), as a host's supervisor would; the balancer stopping still stops everything.
 */
function run(name, args, { quiet = false, extraEnv = {}, command = process.execPath, port } = {}) {
  // detached: each child leads its own process group, so stopping it also stops what it spawned
  // (`next start` leaves a next-server child behind otherwise).
  // STACK_LOG_DIR keeps each service's output in its own file too (tests read the web app's).
  const logDir = env.STACK_LOG_DIR;
  // A person at a terminal running the local stack reads what is meant for people (Next's lines,
  // the codes, warnings, errors); the web app's JSON info lines (one per request) go to its file.
  const sifted = local && !logDir && !quiet && process.stdout.isTTY && name.startsWith('web');
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    detached: true,
    stdio: [
      'ignore',
      logDir || sifted ? 'pipe' : quiet ? 'ignore' : 'inherit',
      logDir ? 'pipe' : 'inherit',
    ],
  });
  if (sifted) {
    mkdirSync(path.dirname(webLogFile(name)), { recursive: true });
    const file = createWriteStream(webLogFile(name), { flags: 'a' });
    createInterface({ input: child.stdout }).on('line', (line) => {
      file.write(`${line}\n`);
      if (!isInfoJson(line)) process.stdout.write(`${line}\n`);
    });
  }
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(path.join(logDir, `${name.replace(/\s+/g, '-')}.log`), {
      flags: 'a',
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.pipe(file, { end: false });
      if (!quiet)
        stream.pipe(stream === child.stdout ? process.stdout : process.stderr, { end: false });
    }
  }
  child.name = name;
  children.add(child);
  if (cluster) recordService(name, { pid: child.pid, port });
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (stopping) {
      if (code !== 0 && name.startsWith('web')) childFailed = true;
      return;
    }
    const how = signal ?? `exit ${code}`;
    if (cluster && name !== 'balancer') {
      const restartS = Number(env.CLUSTER_RESTART_S ?? 2);
      say(`\n${name} stopped (${how}); starting it again in ${restartS} s.`);
      recordService(name, { pid: null, port });
      setTimeout(() => {
        if (!stopping) run(name, args, { quiet, extraEnv, command, port });
      }, restartS * 1000);
      return;
    }
    say(`\n${name} stopped (${how}); stopping everything.`);
    shutdown(code || 1);
  });
  return child;
}

/** The cluster's services and their process ids, for people and fault tests (cluster.json). */
const clusterServices = {};
function recordService(name, facts) {
  clusterServices[name] = facts;
  mkdirSync(env.LOCAL_DATA_DIR, { recursive: true });
  // Whole or not at all: a fault test reads it while a restarted service is recorded.
  const file = path.join(env.LOCAL_DATA_DIR, 'cluster.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(clusterServices, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

// Next leaves SIGTERM to the app, which drains (instrumentation.ts, decision 041); the launcher
// waits for that, and a little more, before it kills.
const DRAIN_ENV = { NEXT_MANUAL_SIG_HANDLE: 'true' };
const drainMs = () =>
  (Number(env.DRAIN_DELAY_MS) || 5000) + (Number(env.DRAIN_TIMEOUT_MS) || 25_000) + 3000;
let childFailed = false;

function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  const deadline = setTimeout(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(code || 1);
  }, drainMs());
  deadline.unref();
  const check = setInterval(() => {
    if (children.size === 0) {
      clearInterval(check);
      process.exit(code || (childFailed ? 1 : 0));
    }
  }, 50);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitHealthy(name, url, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  if (!stopping) {
    say(`${name} did not answer at ${url} within ${timeoutMs / 1000} s.`);
    shutdown(1);
  }
}

/** Newest modification time under the given paths (files the build depends on). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry.startsWith('.')) continue;
        walk(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

// The build `next build` leaves (NEXT_DIST_DIR builds elsewhere: benchmarks, tests).
const buildId = path.join(root, env.NEXT_DIST_DIR?.trim() || '.next', 'BUILD_ID');

/** The framework's own server on a port and address; KEEP_ALIVE_TIMEOUT as `next start` takes it. */
function nextStart(port, hostname, keepAlive = env.KEEP_ALIVE_TIMEOUT?.trim()) {
  const args = [nextBin, 'start', '--port', String(port)];
  if (hostname) args.push('--hostname', hostname);
  if (keepAlive) args.push('--keepAliveTimeout', keepAlive);
  return args;
}

function buildIsStale() {
  const marker = buildId;
  if (!existsSync(marker)) return 'no build yet';
  const inputs = [
    'app',
    'components',
    'contract',
    'lib',
    'public',
    'proxy.ts',
    'instrumentation.ts',
    'next.config.mjs',
    'postcss.config.mjs',
    'tailwind.config.ts',
    'tsconfig.json',
    'package-lock.json',
  ];
  return newestMtime(inputs) > statSync(marker).mtimeMs
    ? 'sources changed since the last build'
    : null;
}

function build() {
  return new Promise((resolve) => {
    // The same build as `npm run build`.
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      // This launcher has said what it had to about the Node version: the build says it once more.
      env: { ...env, NODE_CHECKED: '1' },
      stdio: 'inherit',
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Answers once something accepts connections on the port, or after the timeout. */
async function waitListening(name, port, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    if (!(await portFree(port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!stopping) {
    say(`${name} did not listen on ${port} within ${timeoutMs / 1000} s.`);
    shutdown(1);
  }
}

// The cluster (--cluster): three web instances behind the balancer on the web port, and Redis.
const instances = (
  env.CLUSTER_INSTANCE_PORTS?.trim()
    ? env.CLUSTER_INSTANCE_PORTS.split(',')
    : [1, 2, 3].map((n) => webPort + n)
).map((p, i) => ({ name: `web${i + 1}`, port: portFrom(String(p), webPort + i + 1) }));
const redisPort = portFrom(env.LOCAL_REDIS_PORT, 6380);

async function main() {
  if (cluster && (!local || dev)) {
    say(
      'start:cluster runs the local stack from a production build; in production run `npm start` on each instance behind your balancer (README "Deploy").',
    );
    process.exit(1);
  }
  const programs = cluster ? ensurePrograms(say) : null;
  if (programs && !programs.ok) {
    say(programs.line);
    process.exit(1);
  }
  const wanted = local
    ? [
        [cluster ? 'balancer' : 'web app', webPort],
        ['local identity', ports.identity],
        ['creator system', ports.creator],
        ['analytics embed', ports.embed],
        ...(cluster
          ? [...instances.map(({ name, port }) => [name, port]), ['redis', redisPort]]
          : []),
      ]
    : [['web app', webPort]];
  const taken = [];
  for (const [name, port] of wanted) if (!(await portFree(port))) taken.push(`${port} (${name})`);
  if (taken.length > 0) {
    say(
      `Cannot start: port ${taken.join(', ')} already in use. Stop what is using it, or set ${local ? 'PORT / LOCAL_*_PORT' : 'PORT'}.`,
    );
    process.exit(1);
  }

  if (local) {
    say('Creator Dashboard — local mode: everything runs on this machine, offline.');
    say(
      '(Set COGNITO_USER_POOL_ID and the variables in .env.example to run against real services.)',
    );
  } else {
    say('Creator Dashboard — production mode.');
  }

  // Production runs the build it was given, on every instance: it never builds on its own.
  if (!dev && !local && !existsSync(buildId)) {
    say(
      `No production build at ${path.relative(root, path.dirname(buildId))}: run \`npm run build\` once, then \`npm start\` on every instance.`,
    );
    process.exit(1);
  }
  if (!dev && local) {
    const stale = buildIsStale();
    if (stale) {
      say(
        `Building (${stale}): about two minutes on two cores, longer on a busy machine; the type check prints nothing while it runs. Later starts reuse the build.`,
      );
      const code = await build();
      if (code !== 0) {
        say('The build failed; see above.');
        process.exit(code);
      }
    }
  }

  if (local) {
    const tsx = ['--import', 'tsx'];
    const services = [
      [
        'local identity',
        'local/identity/main.ts',
        `http://127.0.0.1:${ports.identity}/__local/health`,
      ],
      [
        'creator system',
        'local/creator-system/main.ts',
        `http://127.0.0.1:${ports.creator}/__local/health`,
      ],
    ];
    for (const [name, file, health] of services) {
      if (!existsSync(path.join(root, file))) {
        say(`${name}: not built yet (${file} missing); skipping.`);
        continue;
      }
      run(name, [...tsx, file]);
      await waitHealthy(name, health);
    }
  }

  if (cluster) {
    await startCluster(programs);
    return;
  }

  // In production the address is HOSTNAME's (the framework's default otherwise). Locally it is
  // every address (IPv4 and IPv6), whatever HOSTNAME the shell exported.
  const hostname = local ? '::' : env.HOSTNAME?.trim() || undefined;
  if (dev) {
    const devArgs = [nextBin, 'dev', '--port', String(webPort)];
    if (!local && env.HOSTNAME) devArgs.push('--hostname', env.HOSTNAME);
    run('web app', devArgs);
  } else {
    // One server and no balancer: nothing needs the delay before it stops taking connections.
    run('web app', nextStart(webPort, hostname), {
      extraEnv: {
        ...DRAIN_ENV,
        DRAIN_DELAY_MS: env.DRAIN_DELAY_MS?.trim() || (local ? '0' : '5000'),
      },
    });
  }
  await waitHealthy('web app', `http://localhost:${webPort}/api/health`, 120_000);
  if (stopping) return;

  say('');
  say(`  Web app          http://localhost:${webPort}`);
  if (local) sayLocalStack();
  say('');
  say('Press Ctrl-C to stop.');
}

/** The local services and how to try them, as both banners (one server, the cluster) say them. */
function sayLocalStack(extra = []) {
  say(
    `  Local identity   http://127.0.0.1:${ports.identity}   (Cognito-compatible user pool ${stack.poolId})`,
  );
  say(`  Creator system   http://127.0.0.1:${ports.creator}`);
  say(`  Analytics embed  http://127.0.0.1:${ports.embed}`);
  say('');
  say('  Demo login       demo@creator.test / Demo!2345');
  say('  Google sign-in   Continue with Google, then google.demo@creator.test (any name)');
  say(
    `  Codes            printed below as they are sent, and at http://127.0.0.1:${ports.identity}/__local/outbox?to=EMAIL`,
  );
  say(
    `  Data             ${path.relative(root, env.LOCAL_DATA_DIR) || env.LOCAL_DATA_DIR} (npm run local:reset wipes it)`,
  );
  if (process.stdout.isTTY && !env.STACK_LOG_DIR)
    say(
      `  Request logs     ${path.relative(root, path.dirname(webLogFile('web app')))}/ (one JSON line a request; warnings and errors show here too)`,
    );
  for (const line of extra) say(line);
}

/**
 * Redis, the instances (each `next start` on the one build, on loopback, sharing Redis and trusting the
 * balancer as one hop) and haproxy in front of them on the web port.
 */
async function startCluster({ redis, haproxy }) {
  // Persistence as production runs it (README "Deploy"): the append-only file, synced each second,
  // so revocations, spent proofs and the jobs due outlive a restart of Redis.
  const redisDir = path.join(env.LOCAL_DATA_DIR, 'redis');
  mkdirSync(redisDir, { recursive: true });
  run(
    'redis',
    [
      ...['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''],
      ...['--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', redisDir],
    ],
    { command: redis, port: redisPort, quiet: true },
  );
  await waitListening('redis', redisPort);
  const shared = {
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    TRUSTED_PROXY_HOPS: env.TRUSTED_PROXY_HOPS ?? '1',
    // Links the instances build for people (canonical, sign-out) name the balancer, not their port.
    SITE_URL: env.SITE_URL?.trim() || `http://localhost:${webPort}`,
    // While Redis is down each instance takes its share of every limit.
    INSTANCE_COUNT: String(instances.length),
  };
  // Loopback by its name, the one the framework compares the guard's own rewrites with (decision
  // 025). The balancer closes idle connections to an instance first (haproxy purges them from 5 s
  // on): an instance that closed one as haproxy reused it would lose that request (README "Deploy").
  const keepAlive = env.KEEP_ALIVE_TIMEOUT?.trim() || String(INSTANCE_KEEP_ALIVE_MS);
  for (const { name, port } of instances)
    run(name, nextStart(port, 'localhost', keepAlive), {
      port,
      // Each instance keeps its own state directory, as each host has its own disk.
      extraEnv: { ...shared, ...DRAIN_ENV, STATE_DIR: `${env.STATE_DIR || '.data/state'}-${name}` },
    });
  await Promise.all(
    instances.map(({ name, port }) =>
      waitHealthy(name, `http://127.0.0.1:${port}/api/ready`, 120_000),
    ),
  );
  const configFile = path.join(env.LOCAL_DATA_DIR, 'cluster', 'haproxy.cfg');
  mkdirSync(path.dirname(configFile), { recursive: true });
  writeFileSync(configFile, haproxyConfig({ port: webPort, instances }));
  run('balancer', ['-db', '-f', configFile], { command: haproxy, port: webPort });
  await waitHealthy('balancer', `http://localhost:${webPort}/api/ready`, 20_000);
  if (stopping) return;

  say('');
  say(`  Web app          http://localhost:${webPort}   (haproxy, round robin, no stickiness)`);
  say(`  Instances        ${instances.map(({ name, port }) => `${name} :${port}`).join(', ')}`);
  say(`  Redis            redis://127.0.0.1:${redisPort}`);
  sayLocalStack([
    `  Services         ${path.relative(root, path.join(env.LOCAL_DATA_DIR, 'cluster.json'))} (process ids; a stopped one starts again)`,
  ]);
  say('');
  say('Press Ctrl-C to stop.');
}

main().catch((err) => {
  say(`Start failed: ${err instanceof Error ? err.message : String(err)}`);
  shutdown(1);
});
