'use client';

import { signOutAction } from '@/components/dashboard/actions';

/**
 * Signs out from the browser, then leaves for /login with a full load (nothing of the signed-in
 * pages stays in the router's cache). The action does not redirect, so the page moves once; if
 * the guard already ended the session, the action's request fails, and the page goes anyway.
 */
export async function signOutNow() {
  try {
    await signOutAction();
  } catch {
    // The session is gone either way; the page below is where the person belongs.
  }
  window.location.replace('/login');
}
