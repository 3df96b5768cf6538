'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => {};
/** The check @simplewebauthn/browser makes, without loading it on every page that asks. */
const supported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/**
 * Whether this browser can make and use passkeys: `undefined` while that is not known (the server's
 * render and hydration). Pages show passkey controls unless the answer is `false`, so the browsers
 * that can (nearly all) get them in the first paint and nothing moves when the page comes to life.
 */
export function useWebAuthn(): boolean | undefined {
  return useSyncExternalStore(never, supported, () => undefined);
}
