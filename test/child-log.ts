import { spawnSync } from 'node:child_process';

/**
 * Runs an ES module script in a separate Node process, as the app's server runs (react-server
 * conditions, TypeScript through tsx), and answers the JSON lines it logged: pino writes straight
 * to file descriptor 1, which a test cannot read in its own process.
 */
export function childLog(
  code: string,
  env: Record<string, string> = {},
): { lines: Record<string, unknown>[]; stderr: string } {
  const run = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', '--input-type=module', '-e', code],
    {
      env: { ...process.env, NODE_ENV: 'test', LOG_IN_TESTS: '1', LOG_LEVEL: 'info', ...env },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`the script failed: ${run.stderr}`);
  const lines = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { lines, stderr: run.stderr };
}
