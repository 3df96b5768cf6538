export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request is handled, so each carries its socket's address (lib/peer-stamp.ts).
    const { installPeerStamp } = await import('./lib/peer-stamp');
    installPeerStamp();
    const { checkConfigurationOrExit } = await import('./lib/startup-check');
    checkConfigurationOrExit();
  }
}
