'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/loader';

/**
 * A link to a route handler that leaves for another site (Google's sign-in): a full navigation,
 * never a prefetch. A second click would start a second round trip, so it waits; a page restored
 * by Back (pageshow from the back-forward cache) is usable again.
 */
export function PendingLink({
  href,
  className,
  icon,
  spinnerClassName = 'size-4',
  children,
}: {
  href: string;
  className: string;
  /** Shown until the link is followed, when the spinner takes its place. */
  icon?: ReactNode;
  spinnerClassName?: string;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => e.persisted && setPending(false);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  return (
    <a
      href={href}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(e) => {
        if (pending) e.preventDefault();
        else setPending(true);
      }}
      className={`${className} aria-disabled:cursor-progress`}
    >
      {pending ? <Spinner className={spinnerClassName} /> : icon}
      {children}
    </a>
  );
}
