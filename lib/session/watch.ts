/** The page's own session check (GET: not activity) and presence report (POST: activity). */
export const SESSION_ROUTE = '/api/auth/session';

export type SessionAnswer = { signedIn: true; idleLeftS: number } | { signedIn: false };

/** The warning comes this long before an idle sign-out: two minutes, less for a short rule. */
export function warningS(idleS: number): number {
  return Math.min(120, Math.floor(idleS / 3));
}

/** At most one presence report a minute: the server counts activity to the minute anyway. */
export const PRESENCE_EVERY_MS = 60_000;

/** A visible signed-in page asks this often whether its session still holds (another device). */
export const CHECK_EVERY_MS = 60_000;

/** Tabs of this browser tell each other of a sign-out on this channel. */
export const SESSION_CHANNEL = 'creator-dashboard-session';

export function isSessionAnswer(body: unknown): body is SessionAnswer {
  const b = body as Partial<{ signedIn: unknown; idleLeftS: unknown }> | null;
  if (b?.signedIn === false) return true;
  return b?.signedIn === true && typeof b.idleLeftS === 'number' && b.idleLeftS >= 0;
}
