'use client';

import { APP_MSG } from '@/lib/messages';

/** The last net for an unexpected error while rendering: the words of docs/product.md and a real retry. */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div role="alert" className="w-full max-w-sm rounded-card border border-surface-border bg-white p-6 text-center shadow-card">
        <h1 className="text-lg font-semibold text-ink">{APP_MSG.systemError}</h1>
        <button
          type="button"
          onClick={reset}
          className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Retry
        </button>
      </div>
    </main>
  );
}
