import {
  cognitoCall,
  createAccount,
  expect,
  expectAccessible,
  setUserAttributes,
  signInWithForm,
  snap,
  test,
} from './fixtures';
import { CHANNEL_ATTRIBUTE } from '../contract/local-stack';
import {
  CONNECTION_FAILED,
  POOL_ID,
  SYSTEM_ERROR,
  countTokenRequests,
  expectFrame,
  frame,
  frameHeading,
  sideMenu,
  signInToDashboard,
  tabs,
} from './dashboard-fixtures';

test.describe('layout and menu', { tag: '@one-instance' }, () => {
  test('header, menu entries, tabs, and the path kept in the URL', async ({ page }) => {
    // Every menu entry, history, two widths and axe on each: a long walk on a busy machine.
    test.setTimeout(90_000);
    const { email, password } = await createAccount({ name: 'dana  katherine scully' });
    await signInToDashboard(page, email, password);

    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('user-name')).toHaveText('Dana Katherine Scully');
    await expect(banner.getByTestId('user-initials')).toHaveText('DS');
    await expect(banner.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(banner.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(tabs(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Entries of every section, each shown in the frame and kept in the URL.
    for (const [label, path, title] of [
      ['Contracts', '/dash/creator/contracts', 'Contracts'],
      ['Tickets', '/dash/creator/support/tickets', 'Support · Tickets'],
      ['Early Payments', '/dash/creator/payments/advances', 'Payments · Early Payments'],
      [
        'Connected Accounts',
        '/dash/creator/settings/connected/youtube',
        'Settings · Connected Accounts',
      ],
    ] as const) {
      await sideMenu(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`/?path=${path}`);
      await expectFrame(page, title);
      await expect(sideMenu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }

    // Refresh keeps the path.
    await page.reload();
    await expectFrame(page, 'Settings · Connected Accounts');

    // The Analytics tab shows its own group, starting at Home.
    await tabs(page).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL('/?path=/dash/analytics/home');
    await expectFrame(page, 'Analytics · Home');
    await expect(tabs(page).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sideMenu(page, 'Dashboard')).toHaveCount(0);
    await sideMenu(page, 'Analytics').getByRole('link', { name: 'Channel Groups' }).click();
    await expect(page).toHaveURL('/?path=/dash/analytics/youtube/networks');
    await expectFrame(page, 'YouTube · Channel Groups');
    await expectAccessible(page);

    // Back and forward walk the history.
    await page.goBack();
    await expectFrame(page, 'Analytics · Home');
    await page.goBack();
    await expectFrame(page, 'Settings · Connected Accounts');
    await expect(tabs(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goForward();
    await expectFrame(page, 'Analytics · Home');

    // The Dashboard tab goes back to the top of the creator group.
    await tabs(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/');
    await expectFrame(page, 'Dashboard');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFrame(page, 'Dashboard');
      await snap(page, `dashboard-${width}`);
    }
  });

  test('a shared link opens its path; anything outside the menu tree shows the default', async ({
    signedInPage: page,
  }) => {
    test.setTimeout(90_000); // eight navigations, each waiting for the embedded frame
    await expectFrame(page, 'Dashboard');

    await page.goto('/?path=/dash/analytics/twitch/videos');
    await expectFrame(page, 'Twitch · Videos');
    await expect(
      sideMenu(page, 'Analytics').getByRole('link', { name: 'Videos' }).last(),
    ).toHaveAttribute('aria-current', 'page');

    for (const bad of [
      '/etc/passwd',
      '/dash/creator/../analytics',
      'https://evil.example/dash/creator',
      '%00',
      '/dash/creator/nope',
      '/dash/creator&path=/dash/analytics/home',
    ]) {
      const res = await page.goto(`/?path=${encodeURIComponent(bad)}`);
      expect(res?.status(), bad).toBeLessThan(400);
      await expect(page, bad).toHaveURL('/');
      await expectFrame(page, 'Dashboard');
    }
    const twice = await page.goto('/?path=/dash/creator/tools&path=/dash/creator/tools');
    expect(twice?.status()).toBeLessThan(400);
    await expect(page).toHaveURL('/');
  });

  test('keyboard: tabs, menu and hamburger work without a mouse', async ({
    signedInPage: page,
  }) => {
    await expectFrame(page, 'Dashboard');

    await tabs(page).getByRole('link', { name: 'Analytics' }).focus();
    await page.keyboard.press('Enter');
    await expectFrame(page, 'Analytics · Home');

    await sideMenu(page, 'Analytics').getByRole('link', { name: 'Analyze' }).focus();
    await page.keyboard.press('Enter');
    await expectFrame(page, 'Analytics · Analyze');

    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(sideMenu(page, 'Analytics')).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(sideMenu(page, 'Analytics')).toBeVisible();
  });

  test("on a phone the hamburger opens the menu as a sheet, with its Sign out entry (the spec's Logout entry)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email, password } = await createAccount({ name: 'fox mulder' });
    await signInToDashboard(page, email, password);
    await expect(sideMenu(page)).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    const sheet = page.getByRole('dialog', { name: 'Dashboard' });
    await expect(sheet).toBeVisible();
    // The page behind the sheet is hidden from assistive technology, so look at the DOM.
    await expect(page.locator('header button[aria-label="Menu"]')).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectAccessible(page);
    await snap(page, 'dashboard-menu-390');
    await sheet.getByRole('link', { name: 'Tools' }).click();
    await expect(sheet).toBeHidden();
    await expectFrame(page, 'Tools');

    await menu.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(menu).toBeFocused();

    await menu.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the desktop side menu has its Sign out entry too', async ({ signedInPage: page }) => {
    await expectFrame(page, 'Dashboard');
    await sideMenu(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('the Settings icon opens the profile; the tabs lead back', async ({
    signedInPage: page,
  }) => {
    await expectFrame(page, 'Dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Settings');
    await expect(tabs(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs(page).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL('/?path=/dash/analytics/home');
    await expectFrame(page, 'Analytics · Home');

    await page.goto('/profile');
    await sideMenu(page).getByRole('link', { name: 'Guides' }).click();
    await expect(page).toHaveURL('/?path=/dash/creator/support/guides');
    await expectFrame(page, 'Support · Guides');
  });
});

test.describe('embed token', () => {
  test(
    'the route answers the token only, never cached, and 401 when signed out',
    { tag: '@one-instance' },
    async ({ page, request, account: { email, password, channelId } }) => {
      const anonymous = await request.get('/api/embed-token');
      expect(anonymous.status()).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'unauthenticated' });
      expect(anonymous.headers()['cache-control']).toContain('no-store');

      await signInToDashboard(page, email, password);
      const res = await page.request.get('/api/embed-token');
      expect(res.status()).toBe(200);
      expect(res.headers()['cache-control']).toBe('private, no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['expiresIn', 'token']);
      expect(body.expiresIn).toBeGreaterThan(200);
      expect(JSON.stringify(body)).not.toContain(`"${channelId}"`);
      // The channel comes from the session, whatever the request says.
      const spoofed = await page.request.get(
        `/api/embed-token?channelId=cm-demo-0001&channel=cm-demo-0001`,
      );
      const claims = JSON.parse(
        Buffer.from(
          String(((await spoofed.json()) as { token: string }).token.split('.')[1]),
          'base64url',
        ).toString(),
      );
      expect(claims.sub).toBe(channelId);
      expect((await page.request.post('/api/embed-token')).status()).toBe(405);
    },
  );

  test('a tab left open for hours fetches a fresh token before it navigates', async ({
    page,
    account: { email, password },
  }) => {
    await page.clock.install();
    await signInToDashboard(page, email, password);
    const requests = countTokenRequests(page);

    // A token with minutes left is reused...
    await sideMenu(page).getByRole('link', { name: 'Contracts' }).click();
    await expectFrame(page, 'Contracts');
    expect(requests()).toBe(0);

    // ...hours later it is not.
    await page.clock.fastForward('03:00:00');
    await sideMenu(page).getByRole('link', { name: 'Tools' }).click();
    await expectFrame(page, 'Tools');
    expect(requests()).toBe(1);
  });

  test(
    'an unknown creator channel: System Error Occured, and Retry asks again',
    { tag: '@one-instance' },
    async ({ page }) => {
      // The creator system has no record for this email (it would correct the channel at sign-in).
      const { email, password } = await createAccount({ channelId: 'cm-not-a-channel' });
      await signInWithForm(page, email, password);
      await expect(page).toHaveURL('/');
      const modal = page.getByRole('dialog', { name: SYSTEM_ERROR });
      await expect(modal).toBeVisible();
      await expectAccessible(page);
      const requests = countTokenRequests(page);
      await modal.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(requests).toBe(1);
      await expect(modal).toBeVisible();

      // Closed, the message and Retry stay in place of the frame.
      await modal.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('main').getByText(SYSTEM_ERROR)).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();
      await expect.poll(requests).toBe(2);
      await expect(modal).toBeVisible();
    },
  );

  test(
    'offline: Connection Failed with Retry, and the frame comes back with the connection',
    { tag: '@one-instance' },
    async ({ signedInPage: page, context }) => {
      await expectFrame(page, 'Dashboard');

      await sideMenu(page).getByRole('link', { name: 'Contracts' }).click();
      await expectFrame(page, 'Contracts');

      // Said as soon as the browser knows; Retry while still offline says it again.
      await context.setOffline(true);
      const modal = page.getByRole('dialog', { name: CONNECTION_FAILED });
      await expect(modal).toBeVisible();
      await expectAccessible(page);
      await modal.getByRole('button', { name: 'Retry' }).click();
      await expect(modal).toBeVisible();

      // Back online, it tries again by itself.
      await context.setOffline(false);
      await expectFrame(page, 'Contracts');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // Offline before choosing an entry: the entry waits for Retry.
      await context.setOffline(true);
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Close' }).click();
      await sideMenu(page).getByRole('link', { name: 'Tools' }).click();
      await expect(modal).toBeVisible();
      await context.setOffline(false);
      await expectFrame(page, 'Tools');
    },
  );

  test(
    'a token request that hangs: Connection Failed once the wait is over, and Retry recovers',
    { tag: '@one-instance' },
    async ({ page, account: { email, password } }) => {
      // The page's clock, so the 32 s wait passes at once.
      await page.clock.install();
      let hung = 0;
      await page.route('**/api/embed-token', () => {
        hung += 1; // never answered
      });
      await signInWithForm(page, email, password);
      await expect.poll(() => hung).toBe(1);
      const modal = page.getByRole('dialog', { name: CONNECTION_FAILED });
      // The page waits without a word (no error while the request may still answer)…
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // …until the wait is over.
      await page.clock.fastForward(33_000);
      await expect(modal).toBeVisible();
      await expect(frame(page)).toHaveCount(0);

      await page.unroute('**/api/embed-token');
      await modal.getByRole('button', { name: 'Retry' }).click();
      await expectFrame(page, 'Dashboard');
    },
  );

  test(
    'a request that never gets an answer: Connection Failed, and Retry recovers',
    { tag: '@one-instance' },
    async ({ page, account: { email, password } }) => {
      await page.route('**/api/embed-token', (route) => route.abort('connectionrefused'));
      await signInWithForm(page, email, password);
      const modal = page.getByRole('dialog', { name: CONNECTION_FAILED });
      await expect(modal).toBeVisible();
      await expect(frame(page)).toHaveCount(0);

      await page.unroute('**/api/embed-token');
      await modal.getByRole('button', { name: 'Retry' }).click();
      await expectFrame(page, 'Dashboard');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  );
});

test.describe('accounts the dashboard cannot show', () => {
  test('a user without a channel id is logged out', { tag: '@one-instance' }, async ({ page }) => {
    // Without a creator-system record for the email, nothing can bind a channel at sign-in.
    const { email, password } = await createAccount({ channelId: 'cm-unbound' });
    await setUserAttributes(email, { [CHANNEL_ATTRIBUTE]: '' });
    // The way out is one page load of /login: nothing of the signed-in page stays behind, and the
    // browser is not left halfway between a router move and a load of its own.
    const loginLoads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        if (url.pathname === '/login') loginLoads.push(url.href);
    });
    await signInWithForm(page, email, password);
    loginLoads.length = 0;
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect.poll(() => loginLoads.length).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(loginLoads).toHaveLength(1);
    // The session is gone: the dashboard, opened afresh in the same browser, goes to sign-in. (A
    // new tab, so nothing the first page still does can cross the check.)
    const later = await page.context().newPage();
    await later.goto('/');
    await expect(later).toHaveURL('/login');
    await later.close();
  });

  test('a channel id removed while signed in logs the user out on the next visit', async ({
    signedInPage: page,
    account: { email },
  }) => {
    await expectFrame(page, 'Dashboard');
    await setUserAttributes(email, { [CHANNEL_ATTRIBUTE]: '' });
    await page.reload();
    await expect(page).toHaveURL('/login');
  });

  test('a disabled account (tokens revoked) is logged out', async ({
    signedInPage: page,
    account: { email },
  }) => {
    await expectFrame(page, 'Dashboard');
    await cognitoCall('AdminDisableUser', { UserPoolId: POOL_ID, Username: email });
    await page.reload();
    await expect(page).toHaveURL('/login');
  });

  test(
    'a deleted account: No account found with this username, then logout after 1 s',
    { tag: '@one-instance' },
    async ({ signedInPage: page, account: { email } }) => {
      await expectFrame(page, 'Dashboard');
      await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });
      // The page itself notes which notice appears, when, and when it starts to leave, on its own
      // clock: a busy test runner that polls for a notice shown for a second can miss it, and one
      // that notices either moment late cannot shorten the measured second.
      await page.addInitScript(() => {
        let shownAt: number | undefined;
        let title = '';
        const note = () => {
          const dialog = document.querySelector('[role="dialog"]');
          if (shownAt !== undefined || !dialog) return;
          shownAt = performance.now();
          const labelledBy = dialog.getAttribute('aria-labelledby');
          title = (labelledBy && document.getElementById(labelledBy)?.textContent) || '';
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true });
        addEventListener('pagehide', () => {
          if (shownAt === undefined) return;
          sessionStorage.setItem('notice-title', title);
          sessionStorage.setItem('notice-shown-ms', String(performance.now() - shownAt));
        });
      });
      await page.reload();
      await expect(page).toHaveURL('/login', { timeout: 15_000 });
      const notice = await page.evaluate(() => ({
        title: sessionStorage.getItem('notice-title'),
        shownMs: Number(sessionStorage.getItem('notice-shown-ms')),
      }));
      expect(notice.title).toBe('No account found with this username.');
      expect(notice.shownMs).toBeGreaterThanOrEqual(900);
      await page.goto('/');
      await expect(page).toHaveURL('/login');
    },
  );
});

test(
  'the frame is reachable only at the analytics origin',
  { tag: '@one-instance' },
  async ({ signedInPage: page }) => {
    await expectFrame(page, 'Dashboard');
    await expect(frameHeading(page)).toHaveText('Dashboard');
    const src = await frame(page).getAttribute('src');
    expect(src).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/dash\/creator\?embed_token=[^&]+&embed=true&theme=light$/,
    );
    await expect(frame(page)).toHaveAttribute('title', 'Embedded dashboard: Dashboard');
    // It may not navigate the app itself.
    await expect(frame(page)).not.toHaveAttribute('sandbox', /allow-top-navigation/);
    await expect(frame(page)).toHaveAttribute('referrerpolicy', 'no-referrer');
  },
);

test('each menu page has its own tab title, as the menu moves and after a reload', async ({
  page,
}) => {
  const { email, password } = await createAccount();
  await signInToDashboard(page, email, password);
  await expect(page).toHaveTitle('Dashboard · Creator Dashboard');
  await tabs(page).getByRole('link', { name: 'Analytics' }).click();
  await expectFrame(page, 'Analytics · Home');
  await expect(page).toHaveTitle('Analytics · Home · Creator Dashboard');
  await sideMenu(page, 'Analytics').getByRole('link', { name: 'Videos' }).first().click();
  await expect(page).toHaveTitle(/^YouTube · Videos · Creator Dashboard$/);
  await page.reload();
  await expect(page).toHaveTitle(/^YouTube · Videos · Creator Dashboard$/);
  // The icon in the tab.
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('type', 'image/svg+xml');
  const served = await page.request.get((await icon.getAttribute('href'))!);
  expect(served.status()).toBe(200);
});
