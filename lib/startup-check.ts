import { EnvError, getEnv } from '@/lib/env';

export function checkConfigurationOrExit() {
  try {
    getEnv();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
}
