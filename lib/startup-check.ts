import { EnvError, getEnv } from '@/lib/env';

/** A half-set production environment stops start-up here, naming every missing variable. */
export function checkConfigurationOrExit() {
  try {
    getEnv();
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
}
