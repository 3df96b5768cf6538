import { contentSecurityPolicy, originOf, securityHeaders } from './csp';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy({
    nonce: 'abc123',
    frameOrigin: 'https://analytics.example',
  });

  it('uses the nonce with strict-dynamic and never unsafe-inline for scripts', () => {
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'nonce-abc123' 'strict-dynamic'",
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
    expect(contentSecurityPolicy({ nonce: 'n', frameOrigin: 'https://a.b', dev: true })).toContain(
      "'unsafe-eval'",
    );
    expect(
      contentSecurityPolicy({ nonce: 'n', frameOrigin: 'https://a.b', https: true }),
    ).toContain('upgrade-insecure-requests');
  });

  it("names a prerendered page's scripts by their hashes, with strict-dynamic", () => {
    const hashes = ["'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='", "'sha256-AbC='"];
    expect(
      directive(contentSecurityPolicy({ hashes, frameOrigin: 'https://a.b' }), 'script-src'),
    ).toBe(`script-src 'self' ${hashes.join(' ')} 'strict-dynamic'`);
    // No hashes: 'self' alone does not count beside 'strict-dynamic', so nothing runs.
    expect(
      directive(contentSecurityPolicy({ hashes: [], frameOrigin: 'https://a.b' }), 'script-src'),
    ).toBe("script-src 'self' 'strict-dynamic'");
  });

  it('falls back to inline scripts for a prerendered page whose scripts were never hashed', () => {
    expect(directive(contentSecurityPolicy({ frameOrigin: 'https://a.b' }), 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline'",
    );
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
