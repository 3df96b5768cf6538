import { contentSecurityPolicy, originOf, securityHeaders } from './csp';
import { THEME_SCRIPT_HASH } from '@/lib/ui/theme';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy({
    scripts: { nonce: 'abc123' },
    frameOrigin: 'https://analytics.example',
  });

  it("uses the nonce with strict-dynamic and never unsafe-inline for scripts; the theme's script by its hash", () => {
    expect(directive(policy, 'script-src')).toBe(
      `script-src 'self' 'nonce-abc123' '${THEME_SCRIPT_HASH}' 'strict-dynamic'`,
    );
  });

  it('frames only the analytics origin and is never framed', () => {
    expect(directive(policy, 'frame-src')).toBe('frame-src https://analytics.example');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('closes objects, base and foreign form targets', () => {
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
  });

  it('adds unsafe-eval only in development, upgrade-insecure-requests only over HTTPS', () => {
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(
      contentSecurityPolicy({ scripts: { nonce: 'n' }, frameOrigin: 'https://a.b', dev: true }),
    ).toContain("'unsafe-eval'");
    expect(
      contentSecurityPolicy({ scripts: { nonce: 'n' }, frameOrigin: 'https://a.b', https: true }),
    ).toContain('upgrade-insecure-requests');
  });

  it("lets a static page's inline scripts run, from this origin only, with nothing else loosened", () => {
    const stat = contentSecurityPolicy({ scripts: 'static', frameOrigin: 'https://a.b' });
    expect(directive(stat, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    // Everything but script-src is the dynamic pages' policy.
    const others = (p: string) => p.split('; ').filter((d) => !d.startsWith('script-src '));
    expect(others(stat)).toEqual(
      others(contentSecurityPolicy({ scripts: { nonce: 'n' }, frameOrigin: 'https://a.b' })),
    );
  });

  it('runs no script at all in an answer that is no page', () => {
    expect(
      directive(
        contentSecurityPolicy({ scripts: 'none', frameOrigin: 'https://a.b', dev: true }),
        'script-src',
      ),
    ).toBe("script-src 'none'");
  });
});

describe('originOf / securityHeaders', () => {
  it('reduces a URL to its origin', () => {
    expect(originOf('http://127.0.0.1:9231/dash?x=1')).toBe('http://127.0.0.1:9231');
  });
  it('sends HSTS only over HTTPS', () => {
    expect(securityHeaders({ https: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders({ https: true })['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    expect(securityHeaders({ https: false })['X-Content-Type-Options']).toBe('nosniff');
  });
});
