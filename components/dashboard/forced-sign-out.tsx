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

/** Starts counting when it is mounted, that is when what it sits in is shown. */
function SignOutAfter({ ms }: { ms: number }) {
  useEffect(() => {
    const timer = setTimeout(() => void signOutNow(), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return null;
}
