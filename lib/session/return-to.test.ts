import { returnPath } from './return-to';

describe('returnPath: only the product’s own signed-in pages', () => {
  it.each([
    ['/profile', '/profile'],
    ['/profile?review=ways-in', '/profile?review=ways-in'],
    ['/youtube/overview', '/youtube/overview'],
    ['/youtube/overview?range=28d', '/youtube/overview?range=28d'],
  ])('keeps %s', (value, kept) => {
    expect(returnPath(value)).toBe(kept);
  });

  it.each([
    [undefined],
    [''],
    ['/'],
    ['profile'],
    ['//evil.example/profile'],
    ['/\\evil.example'],
    ['https://evil.example/profile'],
    ['/api/embed-token'],
    ['/login'],
    ['/login/mfa'],
    ['/creatorcash'],
    ['/terms'],
    ['/profile#x'],
    ['/profile\n'],
    [`/${'a'.repeat(600)}`],
  ])('refuses %p', (value) => {
    expect(returnPath(value)).toBeNull();
  });
});
