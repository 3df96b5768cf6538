import Link from 'next/link';
import { IntentLink } from '@/components/ui/intent-link';

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 py-5 sm:px-8">
        <IntentLink
          href="/login"
          className="text-accent-strong inline-flex items-center gap-2 text-base font-bold"
        >
          <span
            aria-hidden="true"
            className="bg-brand-600 grid size-8 place-items-center rounded-lg text-sm text-white"
          >
            CD
          </span>
          Creator Dashboard
        </IntentLink>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="rounded-card border-surface-border shadow-card bg-surface w-full max-w-md border p-6 sm:p-8">
          {children}
        </div>
      </main>
      <footer className="text-ink-muted flex justify-center gap-6 px-4 py-6 text-sm">
        <Link
          href="/terms"
          prefetch={false}
          className="hover:text-ink inline-flex min-h-6 items-center hover:underline"
        >
          Terms
        </Link>
        <Link
          href="/privacy"
          prefetch={false}
          className="hover:text-ink inline-flex min-h-6 items-center hover:underline"
        >
          Privacy
        </Link>
      </footer>
    </div>
  );
}
