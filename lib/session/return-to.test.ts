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
    // Checked as returned, not as given: dot segments fold into another origin.
    ['/.//evil.example/profile'],
    ['/x/..//evil.example'],
    ['/%2e//evil.example'],
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

  it('never returns what a browser would read as another origin', () => {
    for (const prefix of ['/.', '/a/..', '/%2e', '/./.', '/a/%2e%2e'])
      for (const rest of ['//evil.example', '/\\evil.example', '//evil.example/profile?x=1'])
        expect(returnPath(prefix + rest) ?? '/').not.toMatch(/^\/[/\\]/);
  });
});
