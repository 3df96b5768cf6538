'use client';

import { useEffect } from 'react';
import { firstReach } from '@/components/ui/first-reach';

// Set once the page's first hydration has committed; a form shown after that (a navigation in
// the browser) has nothing to wait for (components/forms/interactive.tsx, decision 061).
let hydrated = false;
export const firstHydrationDone = () => hydrated;

/** In the root layout: marks the end of the first hydration, and arms the first-reach listeners. */
export function HydrationMark() {
  useEffect(() => {
    hydrated = true;
    void firstReach();
  }, []);
  return null;
}
