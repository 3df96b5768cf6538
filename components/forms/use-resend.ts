'use client';

import { useState, useTransition } from 'react';
import { idle, type ActionState } from '@/lib/action-state';
import { resilientCall, useAnswerEffects } from './answer';

/**
 * "Resend a code, then say so" beside a code form. `send` asks for a new code; `state` is the
 * form's answer. The newest answer wins: a resend's note replaces the last try's message until the
 * next try, and `notice` (its status and message) is whichever of the two to show. The resend's answer has the usual effects
 * (an ended session goes to /login). `onSent` runs after each resend (e.g. to empty the boxes).
 */
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
