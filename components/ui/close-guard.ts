'use client';

import { createContext, useContext, useEffect } from 'react';

export const CloseGuard = createContext<((question: string | null) => void) | null>(null);

/**
 * While `question` is set, closing the dialog this is in (Escape, a click outside, ×) asks it
 * first, and closes only on 'Close anyway'; what the dialog shows stays as it was.
 */
export function useCloseGuard(question: string | null) {
  const set = useContext(CloseGuard);
  useEffect(() => {
    set?.(question);
    return () => set?.(null);
  }, [question, set]);
}

export type DialogProps = {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** A mandatory dialog cannot be dismissed: no close button, Escape or outside click. */
  mandatory?: boolean;
};
