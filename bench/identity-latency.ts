/**
 * InitiateAuth (USER_PASSWORD_AUTH) latency of the local identity service with 1 and with 10,000
 * stored users: `node --import tsx bench/identity-latency.ts [--scrypt-log-n=14]`.
 * Prints a table; the last line of stdout is the result as JSON.
 * Users are written through the service's own store (one shared password hash), not over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '../local/identity/config';
import { DEFAULT_SCRYPT_LOG_N, hashPassword } from '../local/identity/passwords';
import { identityDataRoot, startIdentityServer } from '../local/identity/server';
import { IdentityStore, newUserRecord } from '../local/identity/store';

const CALLS = 200;
const WARMUP = 20;
const PASSWORD = 'Bench-passw0rd!';
const logNArg = process.argv.find((a) => a.startsWith('--scrypt-log-n='));
const scryptLogN = logNArg ? Number(logNArg.split('=')[1]) : DEFAULT_SCRYPT_LOG_N;

interface Stats {
  medianMs: number;
  p95Ms: number;
  meanMs: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'identity-bench-'));
  const server = await startIdentityServer({
    port: 0,
    dataDir,
    log: () => undefined,
    seedDemo: false,
    scryptLogN,
  });
  try {
    const store = new IdentityStore(identityDataRoot(dataDir));
    const hash = await hashPassword(PASSWORD, scryptLogN);
    const addUser = (email: string) =>
      store.createUser(
        newUserRecord({
          email,
          passwordHash: hash,
          status: 'CONFIRMED',
          attributes: { email_verified: 'true' },
          now: Date.now(),
        }),
      );

    const signIn = async (email: string): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${server.url}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: JSON.stringify({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD },
        }),
      });
      const body = (await res.json()) as { AuthenticationResult?: unknown };
      const elapsed = performance.now() - started;
      if (res.status !== 200 || !body.AuthenticationResult)
        throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
      return elapsed;
    };
    const run = async (emails: (i: number) => string): Promise<Stats> => {
      for (let i = 0; i < WARMUP; i++) await signIn(emails(0));
      const samples: number[] = [];
      for (let i = 0; i < CALLS; i++) samples.push(await signIn(emails(i)));
      return stats(samples);
    };

    const first = 'bench-00000@example.com';
    addUser(first);
    const oneUser = await run(() => first);

    const started = performance.now();
    for (let i = 1; i < 10_000; i++) {
      addUser(`bench-${String(i).padStart(5, '0')}@example.com`);
      // The server shares this event loop: let it breathe.
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const seedSeconds = Math.round((performance.now() - started) / 10) / 100;
    const tenThousandSameUser = await run(() => first);
    // 200 users the server has never looked up: each first call reads its files from disk.
    const tenThousandColdUsers = await run(
      (i) => `bench-${String(9_000 + i).padStart(5, '0')}@example.com`,
    );

    const t0 = performance.now();
    for (let i = 0; i < 20; i++) await hashPassword(PASSWORD, scryptLogN);
    const scryptMs = Math.round(((performance.now() - t0) / 20) * 100) / 100;

    const rows: Array<[string, Stats]> = [
      ['1 user', oneUser],
      ['10,000 users (same user)', tenThousandSameUser],
      ['10,000 users (200 cold users)', tenThousandColdUsers],
    ];
    console.log(
      `InitiateAuth USER_PASSWORD_AUTH over HTTP, ${CALLS} sequential calls after ${WARMUP} warm-up; scrypt N=2^${scryptLogN} (${scryptMs} ms per hash)`,
    );
    const load = loadavg().map((n) => n.toFixed(2));
    console.log(
      `10,000 users written through the store in ${seedSeconds} s; load average ${load.join(' ')}`,
    );
    console.log('');
    console.log(
      `${'stored users'.padEnd(32)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'mean ms'.padStart(10)}`,
    );
    for (const [label, s] of rows)
      console.log(
        `${label.padEnd(32)}${String(s.medianMs).padStart(10)}${String(s.p95Ms).padStart(10)}${String(s.meanMs).padStart(10)}`,
      );
    console.log(
      JSON.stringify({
        benchmark: 'identity-latency',
        calls: CALLS,
        scryptLogN,
        scryptMsPerHash: scryptMs,
        loadAverage: load.map(Number),
        oneUser,
        tenThousandUsers: tenThousandSameUser,
        tenThousandUsersCold: tenThousandColdUsers,
      }),
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
