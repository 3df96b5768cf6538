/** Dashboard titles for the embed paths of the menu tree of docs/product.md (docs/product.md §2). */
const KNOWN: Record<string, string> = {
  '/dash/creator': 'Dashboard',
  '/dash/creator/contracts': 'Contracts',
  '/dash/creator/tools': 'Tools',
  '/dash/creator/support': 'Support',
  '/dash/creator/support/tickets': 'Support · Tickets',
  '/dash/creator/support/faqs': 'Support · FAQs',
  '/dash/creator/support/guides': 'Support · Guides',
  '/dash/creator/payments': 'Payments · Balance',
  '/dash/creator/payments/balance': 'Payments · Balance',
  '/dash/creator/payments/settings/method': 'Payments · Settings',
  '/dash/creator/payments/advances': 'Payments · Early Payments',
  '/dash/creator/settings/connected/youtube': 'Settings · Connected Accounts',
  '/dash/creator/settings': 'Settings',
  '/dash/analytics': 'Analytics · Home',
  '/dash/analytics/home': 'Analytics · Home',
  '/dash/analytics/analyze': 'Analytics · Analyze',
  '/dash/analytics/youtube/channels': 'YouTube · Channels',
  '/dash/analytics/youtube/networks': 'YouTube · Channel Groups',
  '/dash/analytics/youtube/videos': 'YouTube · Videos',
  '/dash/analytics/youtube/videogroups': 'YouTube · Video Groups',
  '/dash/analytics/youtube/playlists': 'YouTube · Playlists',
  '/dash/analytics/facebook/pages': 'Facebook · Pages',
  '/dash/analytics/facebook/pagegroups': 'Facebook · Page Groups',
  '/dash/analytics/facebook/videos': 'Facebook · Videos',
  '/dash/analytics/facebook/videogroups': 'Facebook · Video Groups',
  '/dash/analytics/instagram/profiles': 'Instagram · Profiles',
  '/dash/analytics/instagram/profilegroups': 'Instagram · Profile Groups',
  '/dash/analytics/twitch/channels': 'Twitch · Channels',
  '/dash/analytics/twitch/videos': 'Twitch · Videos',
};

const WORDS: Record<string, string> = {
  youtube: 'YouTube',
  faqs: 'FAQs',
  faq: 'FAQ',
  videogroups: 'Video Groups',
  pagegroups: 'Page Groups',
  profilegroups: 'Profile Groups',
};

/** `/dash/x/` and `/dash/x` are the same page. */
export function normalizeDashPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+/g, '/').replace(/\/$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function word(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  const known = WORDS[text.toLowerCase()];
  if (known) return known;
  return text
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** The title for an embed path; unknown paths get one made from their last two segments. */
export function dashTitle(pathname: string): string {
  const path = normalizeDashPath(pathname);
  const known = KNOWN[path];
  if (known) return known;
  // Drop `dash` and the group name, which only say which tab this is.
  const segments = path.split('/').filter(Boolean).slice(1);
  if (segments[0] === 'creator' || segments[0] === 'analytics') segments.shift();
  const words = segments.slice(-2).map(word).filter(Boolean);
  return words.length > 0 ? words.join(' · ') : 'Dashboard';
}

/** Which tab a path belongs to, for the page's eyebrow line. */
export function dashSection(pathname: string): 'Analytics' | 'Dashboard' {
  return normalizeDashPath(pathname).startsWith('/dash/analytics') ? 'Analytics' : 'Dashboard';
}
