import type { Instrumentation } from 'next';

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request is handled: each gets its address, id and access line (lib/runtime/server-hook.ts).
    const { installServerHook } = await import('./lib/runtime/server-hook');
    installServerHook();
    const { checkAwsCredentialsOrExit, checkConfigurationOrExit } =
      await import('./lib/runtime/startup-check');
    checkConfigurationOrExit();
    await checkAwsCredentialsOrExit();
    const { bridgeConsole } = await import('./lib/runtime/console-bridge');
    bridgeConsole();
    const { getEnv } = await import('./lib/runtime/env');
    const { startTelemetry } = await import('./lib/runtime/telemetry');
    const { log } = await import('./lib/runtime/log');
    log.info('telemetry', { export: startTelemetry({ local: getEnv().mode === 'local' }) });
    // Jobs due later, kept through restarts, run from here on (decision 067).
    await import('./lib/auth/unfinished');
    await import('./lib/auth/sign-in-record');
    const { startJobs, stopJobs } = await import('./lib/jobs');
    startJobs();
    // The launcher sets it, so Next leaves SIGTERM to us: not ready first, then drain (decision 041).
    if (process.env.NEXT_MANUAL_SIG_HANDLE) {
      const { drain } = await import('./lib/runtime/drain');
      const { DRAIN_DELAY_MS: delayMs, DRAIN_TIMEOUT_MS: timeoutMs } = getEnv();
      let draining = false;
      const onSignal = () => {
        if (draining) return;
        draining = true;
        // A job running now finishes, or goes back to its queue, before the process ends.
        void drain(
          { delayMs, timeoutMs },
          (code) => void stopJobs().finally(() => process.exit(code)),
        );
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    }
  }
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logRequestError } = await import('./lib/runtime/request-error');
  logRequestError(...args);
};
