'use client';

import Link from 'next/link';
import { Suspense, lazy, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { firstReach } from '@/components/ui/first-reach';
import { logoutAction } from '@/lib/auth/logout';
import { DEFAULT_PATH, MENU, dashboardHref, menuEntry, menuGroup } from '@/lib/dashboard/menu';
import { LogoutIcon, MenuIcon, SettingsIcon, iconButton } from './icons';
import { SideMenu } from './side-menu';
import { onMenuLinkClick, useDashboardPath } from './use-dashboard-path';

const WIDE = '(min-width: 1024px)';
function useWide() {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

// The phone's menu sheet (Radix's dialog) is off the first load: fetched at the first reach for
// the page or when the menu first opens (decision 061).
const loadSheet = () => import('./menu-sheet');
const MenuSheet = lazy(async () => ({ default: (await loadSheet()).MenuSheet }));

export function DashboardShell({
  name,
  initials,
  children,
}: {
  name: string;
  initials: string;
  children: React.ReactNode;
}) {
  const current = useDashboardPath();
  const group = menuEntry(current ?? DEFAULT_PATH)?.group ?? menuGroup('creator');
  const wide = useWide();
  const [collapsed, setCollapsed] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  if (sheetOpen && !sheetUsed) setSheetUsed(true);
  useEffect(() => {
    void firstReach().then(() => loadSheet().catch(() => undefined));
  }, []);
  const toggle = useRef<HTMLButtonElement>(null);
  // No Radix trigger (the button also folds the wide column): return focus by hand.
  const closeSheet = () => {
    setSheetOpen(false);
    setTimeout(() => toggle.current?.focus(), 0);
  };
  const expanded = wide ? !collapsed : sheetOpen;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="bg-surface text-accent shadow-card sr-only z-50 rounded-lg px-4 py-3 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-surface-border bg-surface sticky top-0 z-30 border-b">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-2 py-2 sm:px-4">
          <button
            ref={toggle}
            type="button"
            aria-label="Menu"
            aria-expanded={expanded}
            aria-controls={wide ? 'side-menu' : sheetOpen ? 'side-menu-sheet' : undefined}
            onClick={() => (wide ? setCollapsed((c) => !c) : setSheetOpen((o) => !o))}
            className={iconButton}
          >
            <MenuIcon />
          </button>
          <Link
            href="/"
            className="text-accent-strong inline-flex items-center gap-2 font-bold"
            aria-label="Creator Dashboard home"
          >
            <span
              aria-hidden="true"
              className="bg-brand-600 grid size-8 place-items-center rounded-lg text-sm text-white"
            >
              CD
            </span>
            <span aria-hidden="true" className="hidden xl:inline">
              Creator Dashboard
            </span>
          </Link>
          <nav
            aria-label="Sections"
            className="order-last -mb-2 w-full sm:order-none sm:mb-0 sm:ml-4 sm:w-auto"
          >
            <ul className="flex">
              {MENU.map((g) => {
                const active = current !== null && g.id === group.id;
                const href = dashboardHref(g.home);
                return (
                  <li key={g.id} className="flex-1 sm:flex-none">
                    <Link
                      href={href}
                      prefetch={false}
                      aria-current={active ? 'page' : undefined}
                      onClick={(e) => onMenuLinkClick(e, href)}
                      className={`flex min-h-11 items-center justify-center border-b-2 px-4 text-sm font-semibold ${
                        active
                          ? 'border-focus text-accent-strong'
                          : 'text-ink-muted hover:text-ink border-transparent'
                      }`}
                    >
                      {g.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {/* Grows from nothing: on a phone the name is cut short, never wrapped off the row. */}
          <div className="flex min-w-0 grow basis-0 items-center justify-end gap-1 sm:gap-2">
            <span
              className="text-ink block min-w-0 truncate text-sm font-medium sm:max-w-48"
              data-testid="user-name"
              title={name}
            >
              {name}
            </span>
            <span
              aria-hidden="true"
              className="bg-tint-strong text-accent-strong mr-1 grid size-9 shrink-0 place-items-center rounded-full text-sm font-semibold"
              data-testid="user-initials"
            >
              {initials}
            </span>
            {/* No prefetch: an account page's prefetch asks Cognito (docs/architecture.md §3.3) */}
            <Link href="/profile" prefetch={false} aria-label="Settings" className={iconButton}>
              <SettingsIcon />
            </Link>
            <form action={logoutAction}>
              <button type="submit" aria-label="Logout" className={iconButton}>
                <LogoutIcon />
              </button>
            </form>
          </div>
        </div>
      </header>

      <div className="flex flex-1">
        <aside
          id="side-menu"
          className={`border-surface-border bg-surface sticky top-[61px] h-[calc(100dvh-61px)] w-64 shrink-0 overflow-y-auto border-r ${
            collapsed ? 'hidden' : 'hidden lg:block'
          }`}
        >
          <SideMenu group={group} current={current} />
        </aside>
        {sheetUsed && (
          <Suspense fallback={null}>
            <MenuSheet
              open={sheetOpen && !wide}
              onOpenChange={(o) => (o ? setSheetOpen(true) : closeSheet())}
              group={group}
              current={current}
              onNavigate={closeSheet}
            />
          </Suspense>
        )}
        {/* Named: the embedded dashboard has a main landmark of its own. */}
        <main
          id="main"
          tabIndex={-1}
          aria-label="Page content"
          className="flex min-w-0 flex-1 flex-col focus:outline-none"
        >
          <noscript>
            <p className="border-tint-border bg-tint text-accent-strong m-4 rounded-lg border px-3 py-2 text-sm">
              Your dashboard and settings need JavaScript. Turn it on in your browser&apos;s
              settings, then reload this page.
            </p>
          </noscript>
          {children}
        </main>
      </div>
    </div>
  );
}
