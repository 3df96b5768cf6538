'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch'>;

/**
 * A link that fetches its page ahead when someone reaches for it (a pointer over it, a finger
 * on it, keyboard focus), not as soon as it is on screen. The sign-in pages are most visitors'
 * first page, mostly left by signing in: a prefetch on sight cost each of them the sibling
 * pages' scripts and six requests to the server (docs/decisions/027-links-prefetch-on-intent.md).
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const [wanted, setWanted] = useState(false);
  return (
    <Link
      {...props}
      // null is the framework's own choice (prefetch while on screen), taken once it is wanted.
      prefetch={wanted ? null : false}
      onPointerEnter={(event) => {
        setWanted(true);
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        setWanted(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setWanted(true);
        onFocus?.(event);
      }}
    />
  );
}
