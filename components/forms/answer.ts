'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import type { ActionState } from '@/lib/action-state';
import { APP_MSG } from '@/lib/messages';

/**
 * What the form layer does with a server action's answer beyond showing it. Shared by
 * useActionForm, useResend and the few plain buttons that call an action.
 */

export type FormAction<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

/** docs/product.md §8: after 'No account found with this username.' the person is signed out after 1 s. */
export const SIGN_OUT_DELAY_MS = 1000;

/**
 * An action whose call itself can fail (offline, or an answer that is not the action's, e.g. the
 * guard ending a revoked session) answers a message instead of breaking the page, and asks for a
 * refresh so an ended session lands on /login.
 */
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

/** The same for a plain call (a resend, a button). */
export async function resilientCall<F extends string>(
  call: () => Promise<ActionState<F>>,
): Promise<ActionState<F>> {
  return resilient<F>(() => call())({ status: 'idle' }, new FormData());
}

/**
 * Success runs `onSuccess` (e.g. hands over to the 'All Set!' modal), an ended session goes to
 * /login, `data.refresh` reloads the server components, and a vanished account signs out.
 */
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
      // Loaded when needed: it brings the sign-out action, which no other answer uses.
      const signOut = () =>
        void import('@/components/dashboard/sign-out').then(({ signOutNow }) => signOutNow());
      const timer = setTimeout(signOut, SIGN_OUT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [state, router]);
}
