'use client';

import { useState, useTransition } from 'react';
import { idle, type ActionState } from '@/lib/actions/state';
import { resilientCall, useAnswerEffects } from './answer';

/** `notice` is the resend's answer until the form answers again, then the form's. */
export function useResend<F extends string, G extends string = F>(
  send: () => Promise<ActionState<G>>,
  state: ActionState<F>,
  { onSent, resilient = false }: { onSent?: () => void; resilient?: boolean } = {},
) {
  const [sent, setSent] = useState<{ answer: ActionState<G>; after: ActionState<F> } | null>(null);
  const [sending, start] = useTransition();
  useAnswerEffects<G>(sent?.answer ?? idle);

  const resend = () =>
    start(async () => {
      const answer = resilient ? await resilientCall(send) : await send();
      setSent({ answer, after: state });
      onSent?.();
    });

  const notice: Pick<ActionState, 'status' | 'message'> =
    sent && sent.after === state ? sent.answer : state;
  return { resend, sending, notice };
}
