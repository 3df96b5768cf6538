'use client';

import { useEffect, useRef } from 'react';
import { PAGE_FOCUS } from './first-reach';

/**
 * A signed-in page's heading, which takes focus as the page appears: after sign-in and after each
 * move, a keyboard or screen-reader user starts at the content, not at the top of the header. Not
 * over an open dialog, which holds focus itself. On mount, not on the route: the page may stream
 * in after its frame (a loading state), and its heading is there only then.
 */
export function PageHeading({
  className,
  children,
}: {
  className?: string;
  children: React.ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className={className} {...{ [PAGE_FOCUS]: '' }}>
      {children}
    </h1>
  );
}
