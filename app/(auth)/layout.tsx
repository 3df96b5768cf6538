import Link from 'next/link';

/** Public-only pages: one centred card, readable on a phone. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 py-5 sm:px-8">
        <Link href="/login" className="inline-flex items-center gap-2 text-base font-bold text-brand-800">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">
            CD
          </span>
          Creator Dashboard
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-card border border-surface-border bg-white p-6 shadow-card sm:p-8">
          {children}
        </div>
      </main>
      <footer className="flex justify-center gap-6 px-4 py-6 text-sm text-ink-muted">
        <Link href="/terms" prefetch={false} className="hover:text-ink hover:underline">
          Terms
        </Link>
        <Link href="/privacy" prefetch={false} className="hover:text-ink hover:underline">
          Privacy
        </Link>
      </footer>
    </div>
  );
}
