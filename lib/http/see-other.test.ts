import { seeOther } from './see-other';

describe('seeOther', () => {
  it('sends a path of ours as a relative Location, whatever address the server listens on', () => {
    const response = seeOther('/login?reason=google-state', { 'Cache-Control': 'no-store' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?reason=google-state');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
  it('sends another site as it is', () => {
    const target = 'https://auth.example.com/oauth2/authorize?state=s';
    expect(seeOther(target).headers.get('location')).toBe(target);
  });
  it('carries cookies set on it', () => {
    const response = seeOther('/');
    response.cookies.set('a', 'b');
    expect(response.headers.get('set-cookie')).toContain('a=b');
  });
});
