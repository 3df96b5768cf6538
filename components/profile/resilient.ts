'use client';

import type { ActionState } from '@/lib/action-state';
import { APP_MSG } from '@/lib/messages';

type Action<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

/**
 * A server action whose call itself can fail (offline, or an answer that is not the action's,
 * e.g. the guard ending a revoked session) answers a message instead of breaking the page, and
 * asks for a refresh so an ended session lands on /login.
 */
export function resilient<F extends string>(action: Action<F>): Action<F> {
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

/** The same for the resend buttons' plain calls. */
export async function resilientCall<F extends string>(
  call: () => Promise<ActionState<F>>,
): Promise<ActionState<F>> {
  return resilient<F>(() => call())({ status: 'idle' }, new FormData());
}
