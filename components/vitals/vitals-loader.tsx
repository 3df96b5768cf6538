'use client';

import dynamic from 'next/dynamic';

// docs/product.md §7.6: loads after hydration, so it never delays a page.
const WebVitals = dynamic(() => import('./web-vitals').then((m) => m.WebVitals), { ssr: false });

export function VitalsLoader() {
  return <WebVitals />;
}
