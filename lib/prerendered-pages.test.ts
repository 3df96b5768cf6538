import {
  hasPrerenderedTwin,
  isSignInOffer,
  prerenderedTwin,
  publicPathOfTwin,
} from './prerendered-pages';

const q = (query = '') => new URLSearchParams(query);

describe('prerenderedTwin', () => {
  it('serves /login and /register prerendered, with or without Google as the pool offers it', () => {
    expect(prerenderedTwin('/login', q(), true)).toBe('/prerendered/login/with-google');
    expect(prerenderedTwin('/login', q(), false)).toBe('/prerendered/login/without-google');
    expect(prerenderedTwin('/register', q(), true)).toBe('/prerendered/register/with-google');
    expect(prerenderedTwin('/forgot-password', q(), true)).toBe('/prerendered/forgot-password');
    // The router's own fetch marker is not the person's query.
    expect(prerenderedTwin('/login', q('_rsc=1x9z'), false)).toBe(
      '/prerendered/login/without-google',
    );
  });

  it('leaves any visit with a query of its own to the page rendered for it', () => {
    for (const query of [
      'reason=idle',
      'email=a%40b.co',
      'utm_source=mail',
      'x',
      '_rsc=1&reason=idle',
    ])
      expect(prerenderedTwin('/login', q(query), true)).toBeUndefined();
    expect(prerenderedTwin('/forgot-password', q('email=a%40b.co'), true)).toBeUndefined();
  });

  it('has no twin for any other page', () => {
    for (const path of [
      '/',
      '/profile',
      '/login/mfa',
      '/verify-email',
      '/login/',
      '/LOGIN',
      '/constructor',
    ])
      expect(prerenderedTwin(path, q(), true)).toBeUndefined();
  });
});

describe('publicPathOfTwin', () => {
  it('sends a visit to a twin by its own path to the page it stands for', () => {
    expect(publicPathOfTwin('/prerendered/login/with-google')).toBe('/login');
    expect(publicPathOfTwin('/prerendered/register/without-google')).toBe('/register');
    expect(publicPathOfTwin('/prerendered/forgot-password')).toBe('/forgot-password');
    expect(publicPathOfTwin('/prerendered')).toBe('/login');
    expect(publicPathOfTwin('/prerendered/nothing/here')).toBe('/login');
  });
  it('leaves every other path alone', () => {
    expect(publicPathOfTwin('/login')).toBeUndefined();
    expect(publicPathOfTwin('/prerenderedx')).toBeUndefined();
  });
});

it('knows which pages have twins', () => {
  for (const path of ['/login', '/register', '/forgot-password'])
    expect(hasPrerenderedTwin(path)).toBe(true);
  for (const path of ['/', '/profile', '/login/mfa', '/verify-email', '/constructor', '/LOGIN'])
    expect(hasPrerenderedTwin(path)).toBe(false);
});

it('knows its two offers', () => {
  expect(isSignInOffer('with-google')).toBe(true);
  expect(isSignInOffer('toString')).toBe(false);
});
