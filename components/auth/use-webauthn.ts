'use client';

import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/** Whether this browser can make and use passkeys (false while rendering on the server). */
export function useWebAuthn(): boolean {
  return useSyncExternalStore(never, browserSupportsWebAuthn, () => false);
}
