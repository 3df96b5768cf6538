/**
 * The Content-Security-Policy of docs/architecture.md §6, as a pure function. Scripts run only when
 * the policy names them, with 'strict-dynamic' so the scripts they load are trusted in turn: a
 * page rendered per request names its scripts by a fresh nonce; a prerendered page, which cannot
 * carry one, by the hashes of its scripts, computed when it was built (docs/decisions/024). With
 * neither (a build whose pages were never hashed), a prerendered page falls back to its own inline
 * scripts; such a page holds no user data.
 */
export function contentSecurityPolicy({
  nonce,
  hashes,
  frameOrigin,
  dev = false,
  https = false,
}: {
  nonce?: string;
  /** The page's script hashes, each quoted: `'sha256-…'`. None: no script runs. */
  hashes?: readonly string[];
  frameOrigin: string;
  dev?: boolean;
  https?: boolean;
}): string {
  const script = nonce
    ? [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`]
    : hashes
      ? [`'self'`, ...hashes, `'strict-dynamic'`]
      : [`'self'`, `'unsafe-inline'`];
  // React's dev build evaluates code for better stacks; production never does.
  if (dev) script.push(`'unsafe-eval'`);
  const directives: [string, string[]][] = [
    ['default-src', [`'self'`]],
    ['script-src', script],
    // Inline style attributes (dialogs, transitions) need this; styles cannot run code.
    ['style-src', [`'self'`, `'unsafe-inline'`]],
    ['img-src', [`'self'`, 'data:', 'blob:']],
    ['font-src', [`'self'`]],
    ['connect-src', [`'self'`]],
    ['frame-src', [frameOrigin]],
    ['frame-ancestors', [`'none'`]],
    ['object-src', [`'none'`]],
    ['base-uri', [`'none'`]],
    ['form-action', [`'self'`]],
  ];
  const policy = directives.map(([name, values]) => `${name} ${values.join(' ')}`);
  if (https) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

/** Headers every response carries (docs/architecture.md §6); HSTS only where the site is served over HTTPS. */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload' }
      : {}),
  };
}
