import { THEME_SCRIPT_HASH } from '@/lib/ui/theme';

export function contentSecurityPolicy({
  scripts,
  frameOrigin,
  dev = false,
  https = false,
}: {
  scripts: { nonce: string } | 'static' | 'none';
  frameOrigin: string;
  dev?: boolean;
  https?: boolean;
}): string {
  const script =
    scripts === 'none'
      ? [`'none'`]
      : scripts === 'static'
        ? [`'self'`, `'unsafe-inline'`]
        : // The theme's inline script runs before the first paint, before any nonce'd script.
          [`'self'`, `'nonce-${scripts.nonce}'`, `'${THEME_SCRIPT_HASH}'`, `'strict-dynamic'`];
  // React's dev build evaluates code for better stacks; production never does.
  if (dev && scripts !== 'none') script.push(`'unsafe-eval'`);
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
