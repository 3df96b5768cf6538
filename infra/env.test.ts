// infra/env.sh turns a deployed stack's outputs into the app's environment. The AWS CLI is outside
// our process, so a stand-in `aws` on PATH answers as the CLI does with `--output text`.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'env.sh');

function run(domain: string) {
  const bin = mkdtempSync(path.join(tmpdir(), 'infra-env-'));
  try {
    writeFileSync(
      path.join(bin, 'aws'),
      `#!/usr/bin/env bash
echo "$*" >> "${bin}/calls"
case "$*" in
  *"OutputKey=='UserPoolId'"*) echo us-east-1_AbCdEf123 ;;
  *"OutputKey=='ClientId'"*) echo 1example23456789 ;;
  *"OutputKey=='AuthDomainUrl'"*) echo "${domain}" ;;
  *describe-user-pool-client*) echo s3cr3tS3cr3tS3cr3t ;;
esac
`,
    );
    chmodSync(path.join(bin, 'aws'), 0o755);
    return execFileSync('bash', [SCRIPT, 'creator-dashboard'], {
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      encoding: 'utf8',
    });
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

test('prints the pool, the client, its secret and the domain as the app reads them', () => {
  expect(run('https://creators.auth.us-east-1.amazoncognito.com')).toBe(
    [
      'COGNITO_USER_POOL_ID=us-east-1_AbCdEf123',
      'COGNITO_CLIENT_ID=1example23456789',
      'COGNITO_CLIENT_SECRET=s3cr3tS3cr3tS3cr3t',
      'COGNITO_DOMAIN=https://creators.auth.us-east-1.amazoncognito.com',
      '',
    ].join('\n'),
  );
});

test('leaves out COGNITO_DOMAIN when the stack has no Google sign-in', () => {
  expect(run('None')).not.toContain('COGNITO_DOMAIN');
});
