export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request is handled, so each carries its socket's address (lib/peer-stamp.ts).
    const { installPeerStamp } = await import('./lib/peer-stamp');
    installPeerStamp();
    const { checkConfigurationOrExit } = await import('./lib/startup-check');
    checkConfigurationOrExit();
    // The launcher sets it, so Next leaves SIGTERM to us: not ready first, then drain (decision 041).
    if (process.env.NEXT_MANUAL_SIG_HANDLE) {
      const { getEnv } = await import('./lib/env');
      const { drain } = await import('./lib/drain');
      const { DRAIN_DELAY_MS: delayMs, DRAIN_TIMEOUT_MS: timeoutMs } = getEnv();
      let draining = false;
      const onSignal = () => {
        if (draining) return;
        draining = true;
        void drain({ delayMs, timeoutMs });
      };
      process.on('SIGTERM', onSignal);
      process.on('SIGINT', onSignal);
    }
  }
}
