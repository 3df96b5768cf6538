'use client';

/** Longer than the server's own 3 s wait for the pool: past this the page leaves anyway. */
const SIGN_OUT_WAIT_MS = 8_000;

/**
 * Signs out from the browser, then leaves with one full load (nothing of the signed-in pages stays
 * in the router's cache): /login, or for a creator who signed in with Google the pool's /logout,
 * which comes back to /login. It asks a route handler, not a server action: an action's answer
 * re-renders the page, whose own move to /login would race this one. If the request fails, the
 * session is gone or going either way, and the page goes to /login.
 */
export async function signOutNow() {
  let next = '/login';
  try {
    const response = await fetch('/api/auth/sign-out', {
      method: 'POST',
      cache: 'no-store',
      signal: AbortSignal.timeout(SIGN_OUT_WAIT_MS),
    });
    const answer: unknown = response.ok ? await response.json() : null;
    if (answer && typeof answer === 'object' && 'next' in answer && typeof answer.next === 'string')
      next = answer.next;
  } catch {
    // The session is gone either way; /login is where the person belongs.
  }
  window.location.replace(next);
}
