'use client';

import Link from 'next/link';
import { useId } from 'react';
import { logoutAction } from '@/lib/auth/logout';
import { dashboardHref, type MenuGroup, type MenuItem } from '@/lib/dashboard/menu';
import { LogoutIcon } from './icons';
import { onMenuLinkClick } from './use-dashboard-path';

function Entry({
  item,
  current,
  onNavigate,
  nested,
}: {
  item: MenuItem;
  current: string | null;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  const href = dashboardHref(item.path);
  const active = item.path === current;
  return (
    <li>
      <Link
        href={href}
        prefetch={false}
        aria-current={active ? 'page' : undefined}
        onClick={(e) => onMenuLinkClick(e, href, onNavigate)}
        className={`flex min-h-10 items-center rounded-lg px-3 text-sm ${nested ? 'pl-6' : ''} ${
          active ? 'bg-tint text-accent-strong font-semibold' : 'text-ink hover:bg-surface-muted'
        }`}
      >
        {item.label}
      </Link>
    </li>
  );
}

function Section({
  label,
  items,
  current,
  onNavigate,
}: {
  label: string;
  items: MenuItem[];
  current: string | null;
  onNavigate?: () => void;
}) {
  const id = useId();
  return (
    <li className="mt-3">
      <p id={id} className="text-ink-muted px-3 pb-1 text-xs font-semibold tracking-wide uppercase">
        {label}
      </p>
      <ul aria-labelledby={id} className="flex flex-col gap-0.5">
        {items.map((item) => (
          <Entry key={item.path} item={item} current={current} onNavigate={onNavigate} nested />
        ))}
      </ul>
    </li>
  );
}

export function SideMenu({
  group,
  current,
  onNavigate,
}: {
  group: MenuGroup;
  current: string | null;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={`${group.label} menu`} className="flex h-full flex-col gap-4 p-3">
      <ul className="flex flex-col gap-0.5">
        {group.nodes.map((node) =>
          'items' in node ? (
            <Section
              key={node.label}
              label={node.label}
              items={node.items}
              current={current}
              onNavigate={onNavigate}
            />
          ) : (
            <Entry key={node.path} item={node} current={current} onNavigate={onNavigate} />
          ),
        )}
      </ul>
      <form action={logoutAction} className="border-surface-border mt-auto border-t pt-3">
        <button
          type="submit"
          className="text-ink hover:bg-surface-muted flex min-h-10 w-full items-center gap-2 rounded-lg px-3 text-sm"
        >
          <LogoutIcon className="size-4" />
          Sign out
        </button>
      </form>
    </nav>
  );
}
