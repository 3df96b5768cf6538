'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => {};
/** The check @simplewebauthn/browser makes, without loading it on every page that asks. */
const supported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Whether this browser can make and use passkeys (false while rendering on the server). */
export function useWebAuthn(): boolean {
  return useSyncExternalStore(never, supported, () => false);
}
