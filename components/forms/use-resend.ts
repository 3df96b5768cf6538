'use client';

import { useEffect, useState, useTransition } from 'react';
import { idle, type ActionState } from '@/lib/actions/state';
import { RESEND_WAIT_SECONDS } from '@/lib/validation/limits';
import { resilientCall, useAnswerEffects } from './answer';

export { RESEND_WAIT_SECONDS };

/** Seconds until another code may be asked for, counting down from each code sent. */
function useResendWait() {
  // A code was sent as this step opened (round 0), and again at each resend that succeeded. The
  // count starts at the first tick in the browser, so the server's HTML and the hydrated page
  // agree (both say nothing yet).
  const [round, setRound] = useState(0);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    const until = Date.now() + RESEND_WAIT_SECONDS * 1000;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setWait(left);
      if (left === 0) clearInterval(timer);
    }, 200);
    return () => clearInterval(timer);
  }, [round]);
  return { wait, sent: () => setRound((n) => n + 1) };
}

/**
 * `notice` is the resend's answer until the form answers again, then the form's. `wait` is the
 * seconds left before the Resend button takes another request (0: it does now).
 */
export function useResend<F extends string, G extends string = F>(
  send: () => Promise<ActionState<G>>,
  state: ActionState<F>,
  { onSent, resilient = false }: { onSent?: () => void; resilient?: boolean } = {},
) {
  const [sent, setSent] = useState<{ answer: ActionState<G>; after: ActionState<F> } | null>(null);
  const [sending, start] = useTransition();
  const countdown = useResendWait();
  useAnswerEffects<G>(sent?.answer ?? idle);

  const resend = () =>
    start(async () => {
      const answer = resilient ? await resilientCall(send) : await send();
      setSent({ answer, after: state });
      if (answer.status === 'success') countdown.sent();
      onSent?.();
    });

  const notice: Pick<ActionState, 'status' | 'message'> =
    sent && sent.after === state ? sent.answer : state;
  return { resend, sending, notice, wait: countdown.wait };
}
