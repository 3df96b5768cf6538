'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/**
 * After sign-in and after each move to another page, focus goes to the page's heading, as a full
 * page load's reading position would: a keyboard or screen-reader user starts at the content, not
 * at the top of the header. Not over an open dialog, which holds focus itself.
 */
export function FocusHeading() {
  const pathname = usePathname();
  useEffect(() => {
    if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
    document.querySelector<HTMLElement>('#main h1')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
