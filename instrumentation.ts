// Runs once when the server starts. The check lives in a Node-only module (see its comment).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Before any request is handled: each one then carries its socket's address (lib/peer-stamp.ts).
    const { installPeerStamp } = await import('./lib/peer-stamp');
    installPeerStamp();
    const { checkConfigurationOrExit } = await import('./lib/startup-check');
    checkConfigurationOrExit();
  }
}
