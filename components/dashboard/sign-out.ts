'use client';

import { signOutAction } from '@/components/dashboard/actions';

/**
 * Signs out from the browser, then leaves for /login with a full load (nothing of the signed-in
 * pages stays in the router's cache). The action does not redirect, so the page moves once; if
 * the guard already ended the session, the action's request fails, and the page goes anyway.
 */
export async function signOutNow() {
  let next = '/login';
  try {
    // A creator who signed in with Google goes by the pool's /logout, which comes back to /login.
    next = (await signOutAction()).data?.next ?? next;
  } catch {
    // The session is gone either way; /login is where the person belongs.
  }
  window.location.replace(next);
}
