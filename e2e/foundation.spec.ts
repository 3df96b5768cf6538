import { SignJWT } from 'jose';
import { CREATOR_API, EMBED, createCreator, expect, test, uniqueEmail } from './fixtures';

test.describe('routes that need no sign-in', () => {
  test('/terms and /privacy redirect to the configured pages', async ({ page, request }) => {
    for (const [route, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      const res = await request.get(route, { maxRedirects: 0 });
      expect(res.status()).toBe(307);
      expect(res.headers().location).toBe(`${CREATOR_API}/legal${route}`);
      await page.goto(route);
      await expect(page).toHaveURL(`${CREATOR_API}/legal${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    }
  });

  test('an unknown path goes home: sign-in first for a visitor who is signed out', async ({
    request,
  }) => {
    // Protected by default (lib/session/guard.ts): a path nobody listed needs a session, so a
    // signed-out visitor goes straight to /login, where home would have sent them anyway.
    for (const path of ['/nope', '/a/b/c', '/dash/creator']) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(307);
      expect(res.headers().location, path).toBe('/login');
    }
    // A route handler answers for itself: an unknown one goes home like any unknown path.
    const api = await request.get('/api/unknown', { maxRedirects: 0 });
    expect(api.status()).toBe(307);
    expect(api.headers().location).toBe('/');
  });

  test('/api/health reports the mode and each upstream, and nothing secret', async ({
    request,
  }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('no-store');
    const body = await res.json();
    expect(body).toEqual({
      ok: true,
      mode: 'local',
      upstreams: { identity: 'up', creatorSystem: 'up', analyticsEmbed: 'up' },
      redis: 'off',
      checkedAt: expect.any(String),
    });
  });
});

test.describe('creator system contract (docs/architecture.md §4)', () => {
  test('search returns substring matches; the factory adds creators', async ({ request }) => {
    const email = uniqueEmail('search');
    const made = await createCreator(email);
    expect(made).toEqual({ id: expect.stringMatching(/^cm-/), email });

    const partial = email.split('@')[0]!.slice(0, 12);
    const res = await request.get(`${CREATOR_API}/organizations/revolt/users/search`, {
      params: { query: partial.toUpperCase() },
    });
    expect(res.ok()).toBeTruthy();
    const list = (await res.json()) as { id: string; email: string }[];
    expect(list.filter((u) => u.email.toLowerCase() === email)).toEqual([made]);
  });

  test('the embed accepts a token it issued and refuses a forged one', async ({
    page,
    request,
  }) => {
    const { id } = await createCreator();
    const res = await request.get(`${CREATOR_API}/users/${id}/embed_token`);
    expect(res.ok()).toBeTruthy();
    const { token } = (await res.json()) as { token: string };

    const ok = await page.goto(
      `${EMBED}/dash/analytics/youtube/channels?embed_token=${token}&embed=true`,
    );
    expect(ok?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Channels');

    const forged = await new SignJWT({ sub: id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-creator-systems-secret-0123456789'));
    const bad = await page.goto(`${EMBED}/dash/creator?embed_token=${forged}&embed=true`);
    expect(bad?.status()).toBe(401);
  });
});
