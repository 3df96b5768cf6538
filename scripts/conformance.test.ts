// npm run conformance: without a pool it says how to call it; without AWS credentials, what it
// needs; in both cases it exits before reaching anything.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const home = mkdtempSync(path.join(tmpdir(), 'conformance-home-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(args: string[]) {
  // Nothing of this machine's AWS set-up: no credentials in the environment or in ~/.aws.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: home, NODE_ENV: 'test' };
  return spawnSync(process.execPath, [path.join('scripts', 'conformance.mjs'), ...args], {
    encoding: 'utf8',
    env,
  });
}

test('without a pool and client it prints how to call it and exits 2', () => {
  const out = run([]);
  expect(out.status).toBe(2);
  expect(out.stdout).toContain(
    'npm run conformance -- --pool <user pool id> --client <app client id>',
  );
});

test('without AWS credentials it says what it needs and exits 2', () => {
  const out = run(['--pool', 'us-east-1_AbCdEf123', '--client', 'abc123']);
  expect(out.status).toBe(2);
  expect(out.stdout).toContain('No AWS credentials found.');
  expect(out.stdout).toContain('AWS_ACCESS_KEY_ID');
});

test('a pool id of another region than the one named is refused', () => {
  const out = run(['--pool', 'us-east-1_AbCdEf123', '--client', 'abc', '--region', 'eu-west-1']);
  expect(out.status).toBe(2);
  expect(out.stdout).toContain('is not one of region eu-west-1');
});
