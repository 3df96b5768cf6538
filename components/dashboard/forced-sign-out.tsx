'use client';

import { useEffect } from 'react';
import { signOutNow } from './sign-out';
import { Dialog } from '@/components/ui/dialog';
import { Loader } from '@/components/ui/loader';

/** Signs out at once (docs/product.md §4.6), or `delayMs` after `message` is on screen. */
export function ForcedSignOut({ message, delayMs = 0 }: { message?: string; delayMs?: number }) {
  if (!message) {
    return (
      <>
        <Loader label="Signing out…" className="flex-1 py-24" />
        <SignOutAfter ms={delayMs} />
      </>
    );
  }
  return (
    <>
      <Loader label="Signing out…" className="flex-1 py-24" />
      <Dialog open mandatory title={message}>
        <Loader label="Signing out…" />
        <SignOutAfter ms={delayMs} />
      </Dialog>
    </>
  );
}

// Counts from the next paint, not the mount: on a busy phone the paint can lag by hundreds of ms,
// which would come off the notice. A hidden tab paints nothing, so there it counts from the mount.
function SignOutAfter({ ms }: { ms: number }) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = () => {
      timer = setTimeout(() => void signOutNow(), ms);
    };
    if (document.hidden) {
      count();
      return () => clearTimeout(timer);
    }
    // The frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(count, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ms]);
  return null;
}
