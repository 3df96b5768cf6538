'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';

// docs/product.md §7.6: loads after hydration, so it never delays a page (React's own lazy, not
// next/dynamic's wrapper of it, which every page would carry for this one use).
const WebVitals = lazy(async () => ({ default: (await import('./web-vitals')).WebVitals }));
const never = () => () => {};

export function VitalsLoader() {
  // False on the server and while hydrating, so the reporter is fetched only after.
  const inBrowser = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return inBrowser ? (
    <Suspense fallback={null}>
      <WebVitals />
    </Suspense>
  ) : null;
}
