'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { ActionState } from '@/lib/actions/state';
import { APP_MSG } from '@/lib/messages';

export type FormAction<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

/** docs/product.md §9.2: after 'No account found with this username.' the person is signed out. */
export const SIGN_OUT_DELAY_MS = 1000;

// A call that fails outright (offline, or the guard answering for a revoked session) becomes a
// message plus a refresh, so an ended session lands on /login.
export function resilient<F extends string>(action: FormAction<F>): FormAction<F> {
  return async (prev, formData) => {
    try {
      return await action(prev, formData);
    } catch {
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      return {
        status: 'error',
        message: { text: offline ? APP_MSG.connectionFailed : APP_MSG.systemError },
        data: offline ? undefined : { refresh: '1' },
      };
    }
  };
}

export async function resilientCall<F extends string>(
  call: () => Promise<ActionState<F>>,
): Promise<ActionState<F>> {
  return resilient<F>(() => call())({ status: 'idle' }, new FormData());
}

export function useAnswerEffects<F extends string>(
  state: ActionState<F>,
  onSuccess?: (state: ActionState<F>) => void,
) {
  const router = useRouter();
  const success = useRef(onSuccess);
  useEffect(() => {
    success.current = onSuccess;
  });
  useEffect(() => {
    if (state.status === 'success') success.current?.(state);
    if (state.unauthenticated) router.replace('/login');
    if (state.data?.refresh) router.refresh();
    if (state.data?.signOut) {
      // Loaded on demand: the sign-out action is needed by no other answer.
      const signOut = () =>
        void import('@/components/dashboard/sign-out').then(({ signOutNow }) => signOutNow());
      const timer = setTimeout(signOut, SIGN_OUT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [state, router]);
}
