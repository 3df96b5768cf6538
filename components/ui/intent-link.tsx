'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch'>;

/** Prefetches when reached for (pointer, touch, focus), not on sight (decision 027). */
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
