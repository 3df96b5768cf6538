'use client';

import * as Sheet from '@radix-ui/react-dialog';
import type { MenuGroup } from '@/lib/dashboard/menu';
import { CloseIcon, iconButton } from './icons';
import { SideMenu } from './side-menu';

/** The side menu as a sheet over the page, on a narrow screen. */
export function MenuSheet({
  open,
  onOpenChange,
  group,
  current,
  onNavigate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: MenuGroup;
  current: string | null;
  onNavigate: () => void;
}) {
  return (
    <Sheet.Root open={open} onOpenChange={onOpenChange}>
      <Sheet.Portal>
        <Sheet.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Sheet.Content
          id="side-menu-sheet"
          aria-describedby={undefined}
          className="bg-surface fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto shadow-xl focus:outline-none"
        >
          <div className="border-surface-border flex items-center justify-between border-b px-3 py-2">
            <Sheet.Title className="text-ink px-3 font-semibold">{group.label}</Sheet.Title>
            <Sheet.Close aria-label="Close menu" className={iconButton}>
              <CloseIcon />
            </Sheet.Close>
          </div>
          <SideMenu group={group} current={current} onNavigate={onNavigate} />
        </Sheet.Content>
      </Sheet.Portal>
    </Sheet.Root>
  );
}
