'use client';

import { startTransition, useActionState, useState } from 'react';
import type { ActionState } from '@/lib/action-state';
import type { Message } from '@/lib/messages';
import { verificationCodeSchema } from '@/lib/validation/schemas';

type Action = (prev: ActionState<'code'>, formData: FormData) => Promise<ActionState<'code'>>;

/** State for a six-box code form: the digits, the browser-side check, and the server's answer. */
export function useCodeForm(action: Action) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' });
  const [digits, setDigits] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<Message[] | null>(null);
  const [answered, setAnswered] = useState(state);

  const serverErrors = answered === state ? [] : (state.fieldErrors?.code ?? []);
  const errors = clientErrors ?? serverErrors;

  const change = (next: string[]) => {
    setDigits(next);
    setClientErrors(null);
    setAnswered(state);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = verificationCodeSchema.safeParse({ code: digits });
    if (!parsed.success) {
      setClientErrors(parsed.error.issues.slice(0, 1).map((i) => ({ text: i.message })));
      return;
    }
    const formData = new FormData(event.currentTarget);
    setClientErrors(null);
    setAnswered({ status: 'idle' });
    startTransition(() => formAction(formData));
  };

  return { state, pending, digits, setDigits: change, errors, onSubmit, formAction };
}
