'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { DEFAULT_PATH, parsePathParam } from '@/lib/dashboard/menu';

/** The menu path the frame shows: from `?path=` on /, null on other pages (e.g. /profile). */
export function useDashboardPath(): string | null {
  const pathname = usePathname();
  const params = useSearchParams();
  if (pathname !== '/') return null;
  return parsePathParam(params.get('path')) ?? DEFAULT_PATH;
}

/** On /, a plain click only pushes `?path=` (Next keeps useSearchParams in step with pushState). */
export function onMenuLinkClick(
  event: React.MouseEvent<HTMLAnchorElement>,
  href: string,
  after?: () => void,
) {
  const plain =
    event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (plain && window.location.pathname === '/') {
    event.preventDefault();
    if (`${window.location.pathname}${window.location.search}` !== href)
      window.history.pushState(null, '', href);
  }
  after?.();
}
