import {
  DEFAULT_PATH,
  MENU,
  MENU_PATHS,
  dashboardHref,
  embedSrc,
  isMenuPath,
  menuEntry,
  menuGroup,
  parsePathParam,
} from './menu';

describe('the menu tree (docs/product.md §2)', () => {
  it('has the Dashboard and Analytics groups with their tab targets', () => {
    expect(MENU.map((g) => [g.label, g.root, g.home])).toEqual([
      ['Dashboard', '/dash/creator', '/dash/creator'],
      ['Analytics', '/dash/analytics', '/dash/analytics/home'],
    ]);
  });

  it('lists the creator areas', () => {
    const outline = menuGroup('creator').nodes.map((n) =>
      'items' in n ? [n.label, n.items.map((i) => [i.label, i.path])] : [n.label, n.path],
    );
    expect(outline).toEqual([
      ['Dashboard', '/dash/creator'],
      ['Contracts', '/dash/creator/contracts'],
      ['Tools', '/dash/creator/tools'],
      [
        'Support',
        [
          ['Tickets', '/dash/creator/support/tickets'],
          ['FAQs', '/dash/creator/support/faqs'],
          ['Guides', '/dash/creator/support/guides'],
        ],
      ],
      [
        'Payments',
        [
          ['Balance', '/dash/creator/payments/balance'],
          ['Settings', '/dash/creator/payments/settings/method'],
          ['Early Payments', '/dash/creator/payments/advances'],
        ],
      ],
      [
        'Settings',
        [
          ['Connected Accounts', '/dash/creator/settings/connected/youtube'],
          ['Settings', '/dash/creator/settings'],
        ],
      ],
    ]);
  });

  it('lists the analytics platforms', () => {
    const outline = menuGroup('analytics').nodes.map((n) =>
      'items' in n ? [n.label, n.items.map((i) => i.path.split('/').pop())] : [n.label, n.path],
    );
    expect(outline).toEqual([
      ['Home', '/dash/analytics/home'],
      ['Analyze', '/dash/analytics/analyze'],
      ['YouTube', ['channels', 'networks', 'videos', 'videogroups', 'playlists']],
      ['Facebook', ['pages', 'pagegroups', 'videos', 'videogroups']],
      ['Instagram', ['profiles', 'profilegroups']],
      ['Twitch', ['channels', 'videos']],
    ]);
    expect(menuEntry('/dash/analytics/youtube/networks')?.item.label).toBe('Channel Groups');
  });

  it('has 26 distinct paths (11 creator, 15 analytics), each inside its group', () => {
    expect(MENU_PATHS).toHaveLength(26);
    expect(new Set(MENU_PATHS).size).toBe(MENU_PATHS.length);
    for (const path of MENU_PATHS) {
      const entry = menuEntry(path)!;
      expect(path.startsWith(`${entry.group.root}`)).toBe(true);
      expect(path).toMatch(/^\/dash(\/[a-z]+)+$/);
    }
  });
});

describe('parsePathParam', () => {
  it.each([
    [undefined, DEFAULT_PATH],
    [null, DEFAULT_PATH],
    ['', DEFAULT_PATH],
    ['/dash/analytics/home', '/dash/analytics/home'],
    ['/dash/creator/support/faqs/', '/dash/creator/support/faqs'],
    ['/dash/creator/nope', null],
    ['/dash/creator/../analytics', null],
    ['//evil.example/dash/creator', null],
    ['https://evil.example/dash/creator', null],
    ['javascript:alert(1)', null],
    [['/dash/creator', '/dash/analytics/home'], null],
    ['/'.repeat(500), null],
  ])('%p -> %p', (input, expected) => {
    expect(parsePathParam(input)).toBe(expected);
  });

  it('accepts only paths of the tree', () => {
    expect(isMenuPath('/dash/creator/tools')).toBe(true);
    expect(isMenuPath('/dash/creator/Tools')).toBe(false);
    expect(isMenuPath(42)).toBe(false);
  });
});

describe('dashboardHref', () => {
  it('keeps the default path out of the URL', () => {
    expect(dashboardHref(DEFAULT_PATH)).toBe('/');
    expect(dashboardHref('/dash/analytics/home')).toBe('/?path=/dash/analytics/home');
    expect(
      parsePathParam(
        new URL(dashboardHref('/dash/analytics/home'), 'http://x').searchParams.get('path'),
      ),
    ).toBe('/dash/analytics/home');
  });
});

describe('embedSrc', () => {
  it('puts the path and token on the analytics host', () => {
    const src = new URL(
      embedSrc('https://analytics.example.com', '/dash/creator/tools', 'a.b-c_d'),
    );
    expect(src.origin).toBe('https://analytics.example.com');
    expect(src.pathname).toBe('/dash/creator/tools');
    expect(src.searchParams.get('embed_token')).toBe('a.b-c_d');
    expect(src.searchParams.get('embed')).toBe('true');
  });

  it("tells the provider the page's theme", () => {
    const at = (theme?: 'light' | 'dark') =>
      new URL(embedSrc('https://a.example', '/dash/creator', 't', theme)).searchParams.get('theme');
    expect(at()).toBe('light');
    expect(at('dark')).toBe('dark');
  });

  it('keeps a base path and escapes the token', () => {
    const src = new URL(
      embedSrc('https://a.example/embed/', '/dash/analytics/home', 'x&embed=false#y'),
    );
    expect(src.pathname).toBe('/embed/dash/analytics/home');
    expect(src.searchParams.getAll('embed')).toEqual(['true']);
    expect(src.searchParams.get('embed_token')).toBe('x&embed=false#y');
    expect(src.hash).toBe('');
  });

  it('refuses paths outside the tree', () => {
    expect(() => embedSrc('https://a.example', '@evil.example/dash/creator', 't')).toThrow();
    expect(() => embedSrc('https://a.example', '/dash/creator/../../x', 't')).toThrow();
  });
});
