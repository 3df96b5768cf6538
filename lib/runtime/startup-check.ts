import { EnvError, getEnv, type Env } from '@/lib/runtime/env';

export function checkConfigurationOrExit() {
  try {
    getEnv();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
}

type Resolve = () => Promise<{ accessKeyId?: string }>;

/**
 * The admin calls (inviting a creator, binding a Google account, deleting one) are signed with the
 * host's AWS credentials: a host without any finds out at start-up, not at the first new creator.
 */
export async function awsCredentialsProblem(
  env: Env,
  resolve?: Resolve,
  timeoutMs = 10_000,
): Promise<string | null> {
  if (env.mode === 'local') return null;
  const provider =
    resolve ??
    (async () => {
      const { createAdminClient } = await import('@/lib/cognito/admin');
      return createAdminClient(env).config.credentials();
    });
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      provider(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`none found within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return found?.accessKeyId ? null : 'the credentials found have no access key';
  } catch (error) {
    return error instanceof Error ? error.message.split('\n', 1)[0]!.slice(0, 200) : 'unknown';
  } finally {
    clearTimeout(timer);
  }
}

export async function checkAwsCredentialsOrExit(): Promise<void> {
  const problem = await awsCredentialsProblem(getEnv());
  if (!problem) return;
  console.error(
    `\nCannot start: no AWS credentials for the Cognito admin calls (${problem}). Give the host a role or set AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (README "Configuration").\n`,
  );
  process.exit(1);
}
