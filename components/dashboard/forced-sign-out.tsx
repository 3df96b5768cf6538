'use client';

import { useEffect } from 'react';
import { signOutNow } from './sign-out';
import { Dialog } from '@/components/ui/dialog';
import { Loader } from '@/components/ui/loader';

/**
 * Signs the person out from a page that found their account unusable: at once (no channel id,
 * docs/product.md §4), or after showing why for `delayMs` (user not found: 1 s, docs/product.md §8).
 */
export function ForcedSignOut({ message, delayMs = 0 }: { message?: string; delayMs?: number }) {
  useEffect(() => {
    const timer = setTimeout(() => void signOutNow(), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  return (
    <>
      <Loader label="Signing out…" className="flex-1 py-24" />
      {message && (
        <Dialog open mandatory title={message}>
          <Loader label="Signing out…" />
        </Dialog>
      )}
    </>
  );
}
