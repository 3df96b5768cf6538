'use client';

/** Longer than the server's own 3 s wait for the pool: past this the page leaves anyway. */
const SIGN_OUT_WAIT_MS = 8_000;

/** Leaves by one full load, so no signed-in page stays in the router's cache (decision 020). */
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
