// Runs once when the server starts. The check lives in a Node-only module (see its comment).
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkConfigurationOrExit } = await import('./lib/startup-check');
    checkConfigurationOrExit();
  }
}
