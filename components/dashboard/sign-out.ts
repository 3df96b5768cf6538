'use client';

import { logoutAction } from '@/components/dashboard/actions';

/**
 * Signs out from the browser. The action revokes the tokens and redirects; if the guard already
 * ended the session, the action's request is itself redirected and fails, so go to /login anyway.
 */
export async function signOutNow() {
  try {
    await logoutAction();
  } catch {
    // The session is gone either way; the page below is where the person belongs.
  }
  window.location.replace('/login');
}
