'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => {};
/** The check @simplewebauthn/browser makes, without loading it on every page that asks. */
const supported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

// `undefined` until known (server render, hydration); controls show unless `false`, so nearly
// every browser gets them in the first paint and nothing moves.
export function useWebAuthn(): boolean | undefined {
  return useSyncExternalStore(never, supported, () => undefined);
}
