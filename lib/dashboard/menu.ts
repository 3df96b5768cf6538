// docs/product.md §2.10.1. The frame shows only these paths: any other `?path=` is refused.

type MenuGroupId = 'creator' | 'analytics';
export type MenuItem = { label: string; path: string };
type MenuSection = { label: string; items: MenuItem[] };
type MenuNode = MenuItem | MenuSection;
export type MenuGroup = {
  id: MenuGroupId;
  label: 'Dashboard' | 'Analytics';
  root: string;
  home: string;
  nodes: MenuNode[];
};

const C = '/dash/creator';
const A = '/dash/analytics';
const leaf = (label: string, path: string): MenuItem => ({ label, path });
const section = (
  label: string,
  base: string,
  items: [label: string, sub: string][],
): MenuSection => ({
  label,
  items: items.map(([l, sub]) => leaf(l, sub ? `${base}/${sub}` : base)),
});

export const MENU: readonly MenuGroup[] = [
  {
    id: 'creator',
    label: 'Dashboard',
    root: C,
    home: C,
    nodes: [
      leaf('Dashboard', C),
      leaf('Contracts', `${C}/contracts`),
      leaf('Tools', `${C}/tools`),
      section('Support', `${C}/support`, [
        ['Tickets', 'tickets'],
        ['FAQs', 'faqs'],
        ['Guides', 'guides'],
      ]),
      section('Payments', `${C}/payments`, [
        ['Balance', 'balance'],
        ['Settings', 'settings/method'],
        ['Early Payments', 'advances'],
      ]),
      section('Settings', `${C}/settings`, [
        ['Connected Accounts', 'connected/youtube'],
        ['Settings', ''],
      ]),
    ],
  },
  {
    id: 'analytics',
    label: 'Analytics',
    root: A,
    home: `${A}/home`,
    nodes: [
      leaf('Home', `${A}/home`),
      leaf('Analyze', `${A}/analyze`),
      section('YouTube', `${A}/youtube`, [
        ['Channels', 'channels'],
        ['Channel Groups', 'networks'],
        ['Videos', 'videos'],
        ['Video Groups', 'videogroups'],
        ['Playlists', 'playlists'],
      ]),
      section('Facebook', `${A}/facebook`, [
        ['Pages', 'pages'],
        ['Page Groups', 'pagegroups'],
        ['Videos', 'videos'],
        ['Video Groups', 'videogroups'],
      ]),
      section('Instagram', `${A}/instagram`, [
        ['Profiles', 'profiles'],
        ['Profile Groups', 'profilegroups'],
      ]),
      section('Twitch', `${A}/twitch`, [
        ['Channels', 'channels'],
        ['Videos', 'videos'],
      ]),
    ],
  },
];

export const DEFAULT_PATH = C;

type MenuEntry = { group: MenuGroup; section?: MenuSection; item: MenuItem };

const ENTRIES = new Map<string, MenuEntry>();
for (const group of MENU) {
  for (const node of group.nodes) {
    if ('items' in node)
      for (const item of node.items) ENTRIES.set(item.path, { group, section: node, item });
    else ENTRIES.set(node.path, { group, item: node });
  }
}

export const MENU_PATHS: readonly string[] = [...ENTRIES.keys()];

export function menuEntry(path: string): MenuEntry | undefined {
  return ENTRIES.get(path);
}

export function isMenuPath(path: unknown): path is string {
  return typeof path === 'string' && ENTRIES.has(path);
}

export function menuGroup(id: MenuGroupId): MenuGroup {
  return MENU.find((g) => g.id === id)!;
}

export function parsePathParam(value: string | string[] | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return DEFAULT_PATH;
  if (typeof value !== 'string' || value.length > 200) return null;
  const path = value.length > 1 ? value.replace(/\/$/, '') : value;
  return isMenuPath(path) ? path : null;
}

/** Menu paths are plain [a-z/], safe unencoded. */
export function dashboardHref(path: string): string {
  return path === DEFAULT_PATH ? '/' : `/?path=${path}`;
}

export function menuTitle(path: string): string {
  const entry = menuEntry(path);
  if (!entry) return '';
  if (entry.section)
    return entry.section.label === entry.item.label
      ? entry.item.label
      : `${entry.section.label} · ${entry.item.label}`;
  return entry.group.id === 'analytics' ? `Analytics · ${entry.item.label}` : entry.item.label;
}

export function embedSrc(
  base: string,
  path: string,
  token: string,
  theme: 'light' | 'dark' = 'light',
): string {
  if (!isMenuPath(path)) throw new Error('not a menu path');
  const root = new URL(base);
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  if (url.origin !== root.origin) throw new Error('embed URL left the analytics origin');
  url.searchParams.set('embed_token', token);
  url.searchParams.set('embed', 'true');
  url.searchParams.set('theme', theme);
  return url.toString();
}
