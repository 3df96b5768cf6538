// The pieces of `npm run start:cluster` (scripts/start.mjs --cluster): the programs it needs from
// Debian, and the balancer's configuration. Three web instances of the one build (`next start`) sit
// behind haproxy, round robin with no stickiness, sharing Redis (README "Several instances").
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Debian's packages for the cluster, by the program each provides. */
export const CLUSTER_PROGRAMS = { 'redis-server': 'redis-server', haproxy: 'haproxy' };

/**
 * How long an instance keeps an idle connection (KEEP_ALIVE_TIMEOUT, passed to `next start` as
 * --keepAliveTimeout): longer than any balancer in front keeps one, so the balancer always closes first
 * (haproxy from 5 s on; a cloud balancer's idle time-out is typically 60 s).
 */
export const INSTANCE_KEEP_ALIVE_MS = 65_000;

/** Where a program is: on PATH, or in the system folders a non-root PATH may leave out. */
export function findProgram(name, searchPath = process.env.PATH ?? '') {
  const dirs = [...searchPath.split(path.delimiter), '/usr/sbin', '/usr/bin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The cluster's programs, installed from Debian's packages when missing and this is root (as the
 * test command does for chromium). Answers their paths, or a line saying what to install.
 */
export function ensurePrograms(say) {
  const missing = () => Object.keys(CLUSTER_PROGRAMS).filter((p) => !findProgram(p));
  let absent = missing();
  const canInstall =
    absent.length > 0 && process.getuid?.() === 0 && findProgram('apt-get') !== null;
  if (canInstall) {
    const packages = absent.map((p) => CLUSTER_PROGRAMS[p]);
    say(`Installing Debian's ${packages.join(' and ')}…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'ignore', env });
    absent = missing();
  }
  if (absent.length > 0) {
    const packages = absent.map((p) => CLUSTER_PROGRAMS[p]).join(' ');
    return {
      ok: false,
      line: `start:cluster needs Debian's ${packages}: run 'sudo apt-get install -y ${packages}'.`,
    };
  }
  return {
    ok: true,
    redis: findProgram('redis-server'),
    haproxy: findProgram('haproxy'),
  };
}

/**
 * haproxy's configuration: one HTTP front on `port` (IPv4 and IPv6), round robin over the
 * instances with no stickiness, each request balanced on its own (keep-alive connections too).
 * It appends the client's address to X-Forwarded-For as a proxy does (one trusted hop), checks
 * that each instance answers every second (three misses in a row take it out), and sends a
 * request that could not reach an instance to another. X-Served-By names the instance that
 * answered, so tests see the spread.
 */
export function haproxyConfig({ port, instances }) {
  const servers = instances.map(
    ({ name, port: p }) => `  server ${name} 127.0.0.1:${p} check inter 1s fall 3 rise 2`,
  );
  return [
    'global',
    '  maxconn 4096',
    '  log stderr format raw local0',
    '',
    'defaults',
    '  mode http',
    '  # only requests that went wrong are logged (the balancer log), with why',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  # a busy instance answers its check late, a stopped one refuses at once (then redispatch)',
    '  timeout check 5s',
    '  # a request that found an instance gone (connection refused) goes to another',
    '  retries 3',
    '  option redispatch 1',
    '',
    'frontend web',
    `  bind :::${port} v4v6`,
    '  option forwardfor',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  # readiness: 503 once an instance drains; never rate-limited (app/api/ready)',
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    '  http-response set-header X-Served-By %[srv_name]',
    ...servers,
    '',
  ].join('\n');
}
