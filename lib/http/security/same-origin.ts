/** A request the site's own pages made: Sec-Fetch-Site, or the Origin where a browser lacks it. */
export function fromOurPage(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = request.headers.get('origin');
  const host = request.headers.get('host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** next.config.mjs's `serverActions.allowedOrigins` (none): same-origin.test.ts holds the two equal. */
export const ACTION_ALLOWED_ORIGINS: readonly string[] = [];

/**
 * Why Next's own origin check would refuse this server action call (it throws: a 500), or null:
 * the Origin's host must be the first X-Forwarded-Host, else the Host, or an allowed origin. A
 * call with no Origin (or one with no host) it lets through: a browser sends one with every POST.
 */
export function actionOriginProblem(
  headers: Headers,
  allowed: readonly string[] = ACTION_ALLOWED_ORIGINS,
): string | null {
  const origin = headers.get('origin');
  if (origin === null) return null;
  let from: string;
  try {
    from = origin === 'null' ? 'null' : new URL(origin).host;
  } catch {
    return 'origin unreadable';
  }
  if (!from) return null;
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  if (from === host || allowed.some((pattern) => hostMatches(from, pattern))) return null;
  return host ? 'origin is another site' : 'no host to compare the origin with';
}

/** `allowedOrigins` as Next documents them: a host, or `*.` one label deep before a domain. */
function hostMatches(host: string, pattern: string): boolean {
  const [h, p] = [host.toLowerCase(), pattern.toLowerCase()];
  if (!p.startsWith('*.')) return h === p;
  const rest = p.slice(1);
  return h.endsWith(rest) && !h.slice(0, -rest.length).includes('.') && h.length > rest.length;
}
