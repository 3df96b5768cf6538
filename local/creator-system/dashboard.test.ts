import { INVALID_TOKEN_PAGE, renderDashboard } from './dashboard';
import { demoFigures } from './figures';

const now = new Date('2026-03-15T12:00:00Z');

describe('demoFigures', () => {
  it('is deterministic for a creator and path, and differs across them', () => {
    const a = demoFigures('cm-demo-0001', '/dash/analytics/home');
    expect(demoFigures('cm-demo-0001', '/dash/analytics/home')).toEqual(a);
    expect(demoFigures('cm-demo-0001', '/dash/creator').views).not.toBe(a.views);
    expect(demoFigures('cm-other', '/dash/analytics/home').views).not.toBe(a.views);
    expect(a.daily).toHaveLength(14);
    expect(a.views).toBeGreaterThan(0);
    expect(a.revenue).toBeGreaterThan(0);
  });
});

describe('renderDashboard', () => {
  const html = renderDashboard({
    path: '/dash/analytics/youtube/channels',
    channelId: 'cm-demo-0001',
    email: 'demo@creator.test',
    now,
  });

  it('is a self-contained, titled, accessible document', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>YouTube · Channels — Analytics</title>');
    expect(html).toContain('<h1>YouTube · Channels</h1>');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-title chart-desc"/);
    expect(html).toContain('<caption>Last 7 days</caption>');
    expect(html).toContain('Mar 15');
    expect(html).toContain('demo@creator.test · Channel cm-demo-0001');
    // Nothing loaded from elsewhere.
    expect(html).not.toMatch(/<(script|link|img|iframe)\b/);
    expect(html).not.toMatch(/(src|href)=/);
  });

  it('is the same page for the same inputs', () => {
    expect(
      renderDashboard({
        path: '/dash/analytics/youtube/channels',
        channelId: 'cm-demo-0001',
        email: 'demo@creator.test',
        now,
      }),
    ).toBe(html);
  });

  it('escapes what comes from the request', () => {
    const page = renderDashboard({
      path: '/dash/<script>alert(1)</script>',
      channelId: 'cm-"x"',
      email: 'a<b>@c.co',
      now,
    });
    expect(page).not.toContain('<script>');
    expect(page).toContain('&#60;script&#62;');
    expect(page).toContain('cm-&#34;x&#34;');
  });

  it('has a page for bad links', () => {
    expect(INVALID_TOKEN_PAGE).toContain('This dashboard link has expired or is invalid');
    expect(INVALID_TOKEN_PAGE).toContain('<html lang="en">');
  });
});
