'use client';

import { useEffect } from 'react';
import { signOutNow } from './sign-out';
import { Dialog } from '@/components/ui/dialog';
import { Loader } from '@/components/ui/loader';

/**
 * Signs the person out from a page that found their account unusable: at once (no channel id,
 * docs/product.md §4), or after showing why for `delayMs` (user not found: 1 s, docs/product.md §8).
 * The second counts from when the notice is on screen: the dialog's content mounts a moment after
 * the page (its portal), and a timer started with the page would shorten the notice by that much.
 */
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

/**
 * Starts counting once what it sits in is on screen: after the next frame is painted, not when it
 * is mounted. On a busy phone the work that follows the mount can hold the paint back for a few
 * hundred milliseconds, and a count started at the mount would take them from the notice. A tab
 * that is not shown paints nothing: there it counts from the mount.
 */
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
