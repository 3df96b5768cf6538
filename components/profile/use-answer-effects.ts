'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { signOutNow } from '@/components/dashboard/sign-out';
import type { ActionState } from '@/lib/action-state';

/** Spec §8: after 'No account found with this username.' the person is signed out after 1 s. */
export const SIGN_OUT_DELAY_MS = 1000;

/**
 * What every profile form does with an answer beyond showing it: success hands over to the
 * 'All Set!' modal, an ended session goes to /login, a vanished account signs out.
 */
export function useAnswerEffects(state: ActionState<string>, onSuccess?: () => void) {
  const router = useRouter();
  const success = useRef(onSuccess);
  useEffect(() => {
    success.current = onSuccess;
  });
  useEffect(() => {
    if (state.status === 'success') success.current?.();
    if (state.unauthenticated) router.replace('/login');
    if (state.data?.refresh) router.refresh();
    if (state.data?.signOut) {
      const timer = setTimeout(() => void signOutNow(), SIGN_OUT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [state, router]);
}
