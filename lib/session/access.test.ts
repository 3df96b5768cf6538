import { decide, needsConfirmation, needsRefresh, routeAccess } from './access';

describe('routeAccess', () => {
  it.each([
    ['/login', 'public-only'],
    ['/login/mfa', 'public-only'],
    ['/login/mfa/choose', 'public-only'],
    ['/login/mfa/setup', 'public-only'],
    ['/login/email-code', 'public-only'],
    ['/login/new-password', 'public-only'],
    ['/register', 'public-only'],
    ['/register/', 'public-only'],
    ['/verify-email', 'public-only'],
    ['/forgot-password', 'public-only'],
    ['/', 'protected'],
    ['/profile', 'protected'],
    ['/profile/anything', 'protected'],
    ['/api/embed-token', 'protected'],
    ['/creatorcash', 'public'],
    ['/creatorcash/v1', 'public'],
    ['/creatorcash/v1/opengraph-image', 'public'],
    ['/terms', 'public'],
    ['/privacy', 'public'],
    ['/robots.txt', 'public'],
    ['/api/health', 'public'],
    ['/api/live', 'public'],
    ['/api/ready', 'public'],
    ['/api/vitals', 'public'],
    ['/login-help', 'protected'],
    ['/profiles', 'protected'],
    ['/creatorcashback', 'protected'],
  ])('%s is %s', (path, access) => {
    expect(routeAccess(path)).toBe(access);
  });

  it('guards a page nobody listed: protected by default', () => {
    // A page added tomorrow under app/(dashboard)/ needs no change to the guard.
    expect(routeAccess('/reports/monthly')).toBe('protected');
    expect(decide('/reports/monthly', false)).toEqual({
      action: 'redirect',
      to: '/login',
      told: false,
    });
    expect(decide('/reports/monthly', true)).toEqual({ action: 'next' });
  });
});

describe('decide', () => {
  it('sends signed-in people away from public-only pages', () => {
    expect(decide('/login', true)).toEqual({ action: 'redirect', to: '/', told: false });
    expect(decide('/register', true)).toEqual({ action: 'redirect', to: '/', told: false });
  });
  it('sends everyone else to /login from protected pages', () => {
    expect(decide('/', false)).toEqual({ action: 'redirect', to: '/login', told: false });
    expect(decide('/profile', false)).toEqual({ action: 'redirect', to: '/login', told: false });
  });
  it('lets a route handler answer a missing session itself', () => {
    expect(decide('/api/embed-token', false)).toEqual({ action: 'next' });
  });
  it('lets the rest through', () => {
    expect(decide('/login', false)).toEqual({ action: 'next' });
    expect(decide('/', true)).toEqual({ action: 'next' });
    expect(decide('/terms', true)).toEqual({ action: 'next' });
    expect(decide('/creatorcash/v2', false)).toEqual({ action: 'next' });
  });
});

describe('decide, when a reason for an ended session waits', () => {
  it.each(['no-account', 'idle', 'session-expired'] as const)(
    'a protected page goes to /login?reason=%s and marks it told',
    (ended) => {
      expect(decide('/profile', false, { ended })).toEqual({
        action: 'redirect',
        to: `/login?reason=${ended}`,
        told: true,
      });
      expect(decide('/', false, { ended, loginWithoutReason: false })).toEqual({
        action: 'redirect',
        to: `/login?reason=${ended}`,
        told: true,
      });
    },
  );
  it('/login without a reason goes to /login with it, once', () => {
    expect(decide('/login', false, { ended: 'idle', loginWithoutReason: true })).toEqual({
      action: 'redirect',
      to: '/login?reason=idle',
      told: true,
    });
  });
  it('/login that already says a reason is let through, the reason still waiting', () => {
    expect(decide('/login', false, { ended: 'idle', loginWithoutReason: false })).toEqual({
      action: 'next',
    });
  });
  it('/login that says the very reason that waits shows it, and it is used up', () => {
    expect(
      decide('/login', false, {
        ended: 'device-forgotten',
        loginWithoutReason: false,
        loginSays: 'device-forgotten',
      }),
    ).toEqual({ action: 'next', told: true });
    expect(
      decide('/login', false, { ended: 'idle', loginWithoutReason: false, loginSays: 'expired' }),
    ).toEqual({ action: 'next' });
  });
  it('a route handler still answers for itself', () => {
    expect(decide('/api/embed-token', false, { ended: 'no-account' })).toEqual({ action: 'next' });
  });
  it('a public page keeps the reason waiting', () => {
    expect(decide('/terms', false, { ended: 'idle' })).toEqual({ action: 'next' });
    expect(decide('/register', false, { ended: 'idle' })).toEqual({ action: 'next' });
  });
  it('a signed-in person is never told', () => {
    expect(decide('/login', true, { ended: 'idle', loginWithoutReason: true })).toEqual({
      action: 'redirect',
      to: '/',
      told: false,
    });
    expect(decide('/profile', true, { ended: 'idle' })).toEqual({ action: 'next' });
  });
});

describe('decide, when no reason waits', () => {
  it('/login without a reason is let through', () => {
    expect(decide('/login', false, { loginWithoutReason: true })).toEqual({ action: 'next' });
  });
  it('a protected page goes to plain /login', () => {
    expect(decide('/profile', false, { loginWithoutReason: false })).toEqual({
      action: 'redirect',
      to: '/login',
      told: false,
    });
  });
});

describe('needsRefresh', () => {
  it('refreshes within 60 s of expiry and after it', () => {
    expect(needsRefresh(1000, 900)).toBe(false);
    expect(needsRefresh(1000, 940)).toBe(true);
    expect(needsRefresh(1000, 1200)).toBe(true);
  });
});

describe('needsConfirmation', () => {
  it('always confirms on account pages', () => {
    expect(needsConfirmation('/profile', 1000, 1001, 300)).toBe(true);
    expect(needsConfirmation('/profile/x', 1000, 1001, 300)).toBe(true);
  });
  it('confirms elsewhere once the last confirmation is 5 minutes old, or unknown', () => {
    expect(needsConfirmation('/', 1000, 1299, 300)).toBe(false);
    expect(needsConfirmation('/', 1000, 1300, 300)).toBe(true);
    expect(needsConfirmation('/', undefined, 1000, 300)).toBe(true);
  });
});
