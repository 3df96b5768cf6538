'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { startTransition, useActionState, useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import type { ActionState } from '@/lib/action-state';
import type { Message } from '@/lib/messages';

type Action<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

/**
 * A server action driven by react-hook-form: the same zod schema checks the form in the browser
 * first (every field at once), then the action checks it again on the server. Server errors show
 * beside their fields until that field changes. Without JavaScript the form still posts.
 */
export function useActionForm<F extends string, V extends FieldValues>({
  schema,
  action,
  defaultValues,
  initial = { status: 'idle' },
}: {
  schema: $ZodType;
  action: Action<F>;
  defaultValues: V;
  initial?: ActionState<F>;
}) {
  const [state, formAction, pending] = useActionState(action, initial);
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues: { ...defaultValues, ...(state.values ?? {}) } as never,
    mode: 'onTouched',
    criteriaMode: 'all',
  });
  const [dismissed, setDismissed] = useState<{ state: ActionState<F>; fields: Set<string> }>({
    state,
    fields: new Set(),
  });
  const dismissedFields = dismissed.state === state ? dismissed.fields : new Set<string>();

  const dismiss = (field: string) => {
    if (!dismissedFields.has(field))
      setDismissed({ state, fields: new Set([...dismissedFields, field]) });
  };

  /** Every message for a field: the browser's checks first, else the server's answer. */
  const errorsFor = (field: F): Message[] => {
    const error = form.formState.errors[field as string];
    if (error) {
      const types = error.types ? Object.values(error.types).flat() : [];
      const texts = types.filter((t): t is string => typeof t === 'string');
      const list = texts.length ? texts : typeof error.message === 'string' ? [error.message] : [];
      return [...new Set(list)].map((text) => ({ text }));
    }
    if (dismissedFields.has(field)) return [];
    return state.fieldErrors?.[field] ?? [];
  };

  const register = (field: F & Path<V>) => form.register(field, { onChange: () => dismiss(field) });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    void form.handleSubmit(() => {
      setDismissed({ state, fields: new Set() });
      startTransition(() => formAction(formData));
    })(event);
  };

  return { state, pending, form, formAction, onSubmit, errorsFor, register, dismiss };
}
