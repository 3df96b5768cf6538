import { dashSection, dashTitle } from './titles';

describe('dashTitle', () => {
  it.each([
    ['/dash/creator', 'Dashboard'],
    ['/dash/creator/', 'Dashboard'],
    ['/dash/creator/contracts', 'Contracts'],
    ['/dash/creator/support/faqs', 'Support · FAQs'],
    ['/dash/creator/payments/advances', 'Payments · Early Payments'],
    ['/dash/creator/payments/settings/method', 'Payments · Settings'],
    ['/dash/creator/settings/connected/youtube', 'Settings · Connected Accounts'],
    ['/dash/analytics/home', 'Analytics · Home'],
    ['/dash/analytics/youtube/channels', 'YouTube · Channels'],
    ['/dash/analytics/youtube/networks', 'YouTube · Channel Groups'],
    ['/dash/analytics/facebook/pagegroups', 'Facebook · Page Groups'],
    ['/dash/analytics/instagram/profiles', 'Instagram · Profiles'],
    ['/dash/analytics/twitch/videos', 'Twitch · Videos'],
  ])('%s -> %s', (path, title) => {
    expect(dashTitle(path)).toBe(title);
  });

  it('makes a title from the last segments of unknown paths', () => {
    expect(dashTitle('/dash/analytics/tiktok/top-videos')).toBe('Tiktok · Top Videos');
    expect(dashTitle('/dash/creator/brand_deals')).toBe('Brand Deals');
    expect(dashTitle('/dash/analytics/youtube/faqs')).toBe('YouTube · FAQs');
    expect(dashTitle('/dash')).toBe('Dashboard');
    expect(dashTitle('/dash/creator/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('tells the two tabs apart', () => {
    expect(dashSection('/dash/analytics/home')).toBe('Analytics');
    expect(dashSection('/dash/creator/tools')).toBe('Dashboard');
  });
});
