'use client';

import { APP_MSG } from '@/lib/messages';

export default function ErrorPage({
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div
        role="alert"
        className="rounded-card border-surface-border shadow-card bg-surface w-full max-w-sm border p-6 text-center"
      >
        <h1 className="text-ink text-lg font-semibold">{APP_MSG.systemError}</h1>
        <button
          type="button"
          onClick={reset}
          className="bg-brand-600 hover:bg-brand-700 mt-4 inline-flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold text-white"
        >
          Retry
        </button>
      </div>
    </main>
  );
}
