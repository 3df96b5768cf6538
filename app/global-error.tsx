'use client';

import { APP_MSG } from '@/lib/messages';

export default function GlobalError({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          display: 'grid',
          placeItems: 'center',
          minHeight: '100dvh',
          margin: 0,
        }}
      >
        <main role="alert" style={{ textAlign: 'center' }}>
          <h1 style={{ fontSize: '1.125rem' }}>{APP_MSG.systemError}</h1>
          <button type="button" onClick={reset} style={{ minHeight: 44, padding: '0 16px' }}>
            Retry
          </button>
        </main>
      </body>
    </html>
  );
}
