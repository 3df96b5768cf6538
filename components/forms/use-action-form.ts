'use client';

import {
  startTransition,
  useActionState,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import {
  useForm,
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { idle, type ActionState } from '@/lib/actions/state';
import type { Message } from '@/lib/messages';
import { resilient as withResilience, useAnswerEffects, type FormAction } from './answer';

export type { FormAction } from './answer';

/** Loaded on the first check or focus; the server action checks meanwhile (decision 023). */
export type SchemaLoader = () => Promise<$ZodType>;

let resolvers: Promise<typeof import('@hookform/resolvers/zod')> | null = null;
const loadResolvers = () => (resolvers ??= import('@hookform/resolvers/zod'));

async function loadChecks(load: SchemaLoader) {
  try {
    return await Promise.all([loadResolvers(), load()]);
  } catch {
    resolvers = null;
    return null;
  }
}

/** While the schema cannot load (offline), the form is let through: the server action checks it. */
async function check<V extends FieldValues>(
  load: SchemaLoader,
  ...args: Parameters<Resolver<V>>
): Promise<Awaited<ReturnType<Resolver<V>>>> {
  const loaded = await loadChecks(load);
  if (!loaded) return { values: args[0], errors: {} };
  const [{ zodResolver }, schema] = loaded;
  return (zodResolver(schema as never) as unknown as Resolver<V>)(...args);
}

const preload = (load: SchemaLoader) => void loadChecks(load);

export type ActionFormOptions<F extends string, V extends FieldValues> = {
  schema: SchemaLoader;
  action: FormAction<F>;
  defaultValues: V;
  initial?: ActionState<F>;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
};

/** The client form layer: the browser checks with the action's schema, then the action again. */
export function useActionForm<F extends string, V extends FieldValues>({
  schema,
  action,
  defaultValues,
  initial = idle,
  resilient = false,
  onSuccess,
}: ActionFormOptions<F, V>) {
  const call = useMemo(() => (resilient ? withResilience(action) : action), [action, resilient]);
  const [state, formAction, pending] = useActionState(call, initial);
  useAnswerEffects(state, onSuccess);
  const latestSchema = useRef(schema);
  useEffect(() => {
    latestSchema.current = schema;
  });
  const resolver = useCallback<Resolver<V>>(
    (...args) => check<V>(latestSchema.current, ...args),
    [],
  );
  const form = useForm<V>({
    resolver,
    defaultValues: { ...defaultValues, ...(state.values ?? {}) } as never,
    // Checked on submit, and on leaving a field only after a change: tabbing through empty
    // fields says nothing (docs/product.md §5).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });
  const values = useWatch({ control: form.control }) as Partial<Record<string, unknown>>;
  // A prerendered page can be typed into before hydration; react-hook-form takes that value when it
  // registers the field but tells no watcher, so render once more for readers of `form.getValues`.
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const start = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
    const typedEarly = Object.entries(form.getValues() as Record<string, unknown>).some(
      ([name, value]) => typeof value === 'string' && value !== '' && value !== (start[name] ?? ''),
    );
    if (typedEarly) renderAgain();
  }, [form]);
  const [dismissed, setDismissed] = useState<{ state: ActionState<F>; fields: Set<string> }>({
    state,
    fields: new Set(),
  });
  const dismissedFields = dismissed.state === state ? dismissed.fields : new Set<string>();

  const dismiss = (field: F) => {
    if (!dismissedFields.has(field))
      setDismissed({ state, fields: new Set([...dismissedFields, field]) });
  };

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

  const register = (field: F & Path<V>) => {
    // Echoed into the server's HTML too, so a form posted before the scripts ran comes back filled
    // (no answer echoes a secret).
    const initialValue = (form.formState.defaultValues as Record<string, unknown> | undefined)?.[
      field
    ];
    return {
      ...form.register(field, {
        onChange: () => {
          dismiss(field);
          // A field already showing its problem says at once when it is fixed.
          if (!form.formState.isSubmitted && form.getFieldState(field).error)
            void form.trigger(field);
        },
        onBlur: () => {
          const start = (form.formState.defaultValues as Record<string, unknown> | undefined)?.[
            field
          ];
          const changed = form.getValues(field) !== (start ?? '');
          if (!form.formState.isSubmitted && changed) void form.trigger(field);
        },
      }),
      ...(typeof initialValue === 'string' && initialValue !== ''
        ? { defaultValue: initialValue }
        : {}),
      onFocus: () => preload(latestSchema.current),
    };
  };

  const setCode = (field: F & Path<V>, digits: string[], validate: boolean) => {
    form.setValue(field, digits as PathValue<V, F & Path<V>>, { shouldValidate: validate });
    if (!validate) form.clearErrors(field);
    dismiss(field);
  };

  const code = (field: F & Path<V>) => ({
    name: field as string,
    value: (values[field] as string[] | undefined) ?? [],
    onChange: (digits: string[]) => setCode(field, digits, form.formState.isSubmitted),
    errors: errorsFor(field),
  });

  const clearCode = (field: F & Path<V>) => setCode(field, [], false);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    void form.handleSubmit(() => {
      setDismissed({ state, fields: new Set() });
      startTransition(() => formAction(formData));
    })(event);
  };

  return {
    state,
    pending,
    form,
    formAction,
    onSubmit,
    errorsFor,
    register,
    dismiss,
    code,
    clearCode,
  };
}
