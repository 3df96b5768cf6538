import Link from 'next/link';
import { logoutAction } from '@/app/(dashboard)/actions';
import { formattedName, initials } from '@/lib/format';

export function AppHeader({ name, email }: { name?: string; email: string }) {
  const display = formattedName(name, email);
  return (
    <header className="sticky top-0 z-30 border-b border-surface-border bg-white">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
        <Link href="/" className="mr-auto inline-flex items-center gap-2 font-bold text-brand-800">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">
            CD
          </span>
          <span className="hidden sm:inline">Creator Dashboard</span>
        </Link>
        <span className="hidden text-sm font-medium text-ink sm:inline" data-testid="user-name">
          {display}
        </span>
        <span aria-hidden="true" className="grid size-9 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
          {initials(name, email)}
        </span>
        <form action={logoutAction}>
          <button
            type="submit"
            aria-label="Logout"
            className="inline-flex size-10 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M15 12H3m0 0 4-4m-4 4 4 4M10 4h8a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-8" />
            </svg>
          </button>
        </form>
      </div>
    </header>
  );
}
