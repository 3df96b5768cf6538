export function passkeyCeremonyMessage(error: unknown, ceremony: 'create' | 'get'): string {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return ceremony === 'create'
      ? 'Adding the passkey was cancelled or timed out. Please try again.'
      : 'Signing in with a passkey was cancelled or timed out. Please try again, or use your password.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  if (name === 'SecurityError') return "Passkeys don't work on this site address.";
  return ceremony === 'create'
    ? "Your browser couldn't create the passkey. Please try again."
    : "Your browser couldn't use a passkey. Please try again, or use your password.";
}
