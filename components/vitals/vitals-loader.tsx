'use client';

import dynamic from 'next/dynamic';

// Spec §7.6: page-performance reporting loads lazily, after hydration, so it never delays a page.
const WebVitals = dynamic(() => import('./web-vitals').then((m) => m.WebVitals), { ssr: false });

export function VitalsLoader() {
  return <WebVitals />;
}
