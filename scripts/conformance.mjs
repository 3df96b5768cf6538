// npm run conformance -- --pool ID --client ID [--secret SECRET] [--region REGION]
// The template's cases (local/identity/template-cases.ts) against a disposable pool made from
// infra/user-pool.yaml, beside the local pool, with an operator's AWS credentials: prints which
// answers match the local pool's. `npm test` runs the same cases on the local pool alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const say = (line = '') => process.stdout.write(`${line}\n`);
const NEEDS = [
  'npm run conformance -- --pool <user pool id> --client <app client id> [--secret <client secret>] [--region <region>]',
  '',
  'It needs:',
  '  - a disposable user pool made from infra/user-pool.yaml (README, "Deploy"),',
  '    its app client id and, the template making a confidential client, its secret;',
  "  - an operator's AWS credentials allowed the Admin* calls on it: AWS_ACCESS_KEY_ID and",
  '    AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or a credentials file in ~/.aws.',
];

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      pool: { type: 'string' },
      client: { type: 'string' },
      secret: { type: 'string' },
      region: { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  say(error.message);
  for (const line of NEEDS) say(line);
  process.exit(2);
}
if (args.help || !args.pool || !args.client) {
  for (const line of NEEDS) say(line);
  process.exit(args.help ? 0 : 2);
}
const region = args.region ?? args.pool.split('_')[0];
if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(region) || !args.pool.startsWith(`${region}_`)) {
  say(
    `The pool id ${args.pool} is not one of region ${region}: give --region, or a pool id such as us-east-1_AbCdEf123.`,
  );
  process.exit(2);
}
const env = process.env;
const credentials =
  (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) ||
  env.AWS_PROFILE ||
  env.AWS_WEB_IDENTITY_TOKEN_FILE ||
  env.AWS_CONTAINER_CREDENTIALS_FULL_URI ||
  env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
  existsSync(path.join(homedir(), '.aws', 'credentials'));
if (!credentials) {
  say('No AWS credentials found.');
  for (const line of NEEDS.slice(1)) say(line);
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
const report = path.join(dir, 'report.json');
say(`The template's cases on ${args.pool} (${region}), beside the local pool…`);
const run = spawnSync(
  process.execPath,
  [
    path.join('node_modules', 'jest', 'bin', 'jest.js'),
    '--ci',
    'local/identity/template.conformance.test.ts',
  ],
  {
    stdio: 'inherit',
    env: {
      ...env,
      NEXT_TELEMETRY_DISABLED: '1',
      AWS_REGION: region,
      CONFORMANCE_TEMPLATE_USER_POOL_ID: args.pool,
      CONFORMANCE_TEMPLATE_CLIENT_ID: args.client,
      ...(args.secret ? { CONFORMANCE_TEMPLATE_CLIENT_SECRET: args.secret } : {}),
      CONFORMANCE_REPORT: report,
    },
  },
);
if (existsSync(report)) {
  const rows = JSON.parse(readFileSync(report, 'utf8'));
  say();
  say('Case | matches the local pool | local | real');
  for (const row of rows) {
    const same = JSON.stringify(row.local) === JSON.stringify(row.real);
    const mark = same ? 'yes' : row.unconfirmed ? `no (unconfirmed: ${row.unconfirmed})` : 'NO';
    say(`${row.case} | ${mark} | ${JSON.stringify(row.local)} | ${JSON.stringify(row.real)}`);
  }
}
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
