'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Loader } from '@/components/ui/loader';
import { CloseGuard, type DialogProps } from './close-guard';

/** The dialog itself, on Radix; `Dialog` (dialog.tsx) loads it when it is first needed. */
export function DialogContent({
  open,
  onOpenChange,
  title,
  description,
  children,
  mandatory = false,
}: DialogProps) {
  const block = (e: Event) => e.preventDefault();
  const [guard, setGuard] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const change = (next: boolean) => {
    if (!next && guard && !asking) return setAsking(true);
    setAsking(false);
    onOpenChange?.(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={mandatory ? undefined : change}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          className="rounded-card bg-surface fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6 shadow-xl focus:outline-none"
          onEscapeKeyDown={mandatory ? block : undefined}
          onPointerDownOutside={mandatory ? block : undefined}
          onInteractOutside={mandatory ? block : undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-ink text-lg font-semibold">
              {title}
            </RadixDialog.Title>
            {!mandatory && (
              <RadixDialog.Close
                aria-label="Close"
                className="text-ink-muted hover:bg-surface-muted hover:text-ink -m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-md"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="size-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  aria-hidden="true"
                >
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="text-ink-muted mb-4 text-sm">
              {description}
            </RadixDialog.Description>
          )}
          {asking && (
            <div
              role="group"
              aria-labelledby="close-guard-question"
              className="flex flex-col gap-4"
            >
              <p id="close-guard-question" className="text-ink text-sm font-semibold">
                {guard}
              </p>
              <div className="flex flex-wrap gap-3">
                <Button type="button" autoFocus onClick={() => setAsking(false)}>
                  Go back
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setAsking(false);
                    onOpenChange?.(false);
                  }}
                >
                  Close anyway
                </Button>
              </div>
            </div>
          )}
          {/* Hidden, not gone, while the question is asked: what it holds is kept. */}
          <div hidden={asking}>
            <CloseGuard.Provider value={setGuard}>
              {/* A body whose code is still on its way (components/profile/dialog-bodies.ts). */}
              <Suspense fallback={<Loader />}>{children}</Suspense>
            </CloseGuard.Provider>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
