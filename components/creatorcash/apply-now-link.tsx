'use client';

import type { MouseEvent, ReactNode } from 'react';

// Keeps the campaign URL, and moves focus so keyboard and screen-reader users land there too.
export function ApplyNowLink({
  targetId,
  focusId,
  className,
  children,
}: {
  targetId: string;
  focusId: string;
  className?: string;
  children: ReactNode;
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    document.getElementById(focusId)?.focus({ preventScroll: true });
  }

  return (
    <a href={`#${targetId}`} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
