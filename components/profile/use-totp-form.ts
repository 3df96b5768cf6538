'use client';

import { startTransition, useActionState, useState } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import type { ActionState } from '@/lib/action-state';
import type { Message } from '@/lib/messages';

type Action<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

/**
 * A form with the six code boxes and, optionally, other plain inputs: the schema checks it in the
 * browser (every field at once), then the action checks it again. An answer's field errors stay
 * until something is typed.
 */
export function useTotpForm<F extends string>(schema: $ZodType, action: Action<F>) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' });
  const [digits, setDigitsState] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<Partial<Record<F, Message[]>> | null>(null);
  const [answered, setAnswered] = useState(state);

  const shownErrors: Partial<Record<F, Message[]>> =
    clientErrors ?? (answered === state ? {} : (state.fieldErrors ?? {}));
  const errorsFor = (field: F): Message[] => shownErrors[field] ?? [];

  const touched = () => {
    setClientErrors(null);
    setAnswered(state);
  };
  const setDigits = (next: string[]) => {
    setDigitsState(next);
    touched();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const input: Record<string, unknown> = { code: digits };
    for (const [key, value] of formData) if (key !== 'code') input[key] = value;
    const parsed = safeParse(schema, input);
    if (!parsed.success) {
      const errors: Partial<Record<F, Message[]>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '') as F;
        (errors[key] ??= []).push({ text: issue.message });
      }
      setClientErrors(errors);
      return;
    }
    setClientErrors(null);
    setAnswered({ status: 'idle' });
    startTransition(() => formAction(formData));
  };

  return { state, pending, digits, setDigits, touched, errorsFor, onSubmit, formAction };
}
