'use client';

import {
  startTransition,
  useActionState,
  useCallback,
  useEffect,
  useMemo,
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

let resolvers: Promise<typeof import('@hookform/resolvers/standard-schema')> | null = null;
const loadResolvers = () => (resolvers ??= import('@hookform/resolvers/standard-schema'));

async function loadChecks(schema: SchemaLoader) {
  try {
    return await Promise.all([loadResolvers(), schema()]);
  } catch {
    resolvers = null;
    return null;
  }
}

/** The schema's resolver; while it cannot load (offline) the form is let through to the action. */
async function resolveWith<V extends FieldValues>(
  schema: SchemaLoader,
  ...args: Parameters<Resolver<V>>
): Promise<Awaited<ReturnType<Resolver<V>>>> {
  const loaded = await loadChecks(schema);
  if (!loaded) return { values: args[0], errors: {} };
  const [{ standardSchemaResolver }, checks] = loaded;
  return (standardSchemaResolver(checks as never) as unknown as Resolver<V>)(...args);
}

export type ActionFormOptions<F extends string, V extends FieldValues> = {
  schema: SchemaLoader;
  action: FormAction<F>;
  defaultValues: V;
  initial?: ActionState<F>;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
};

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form on react-hook-form, posted to its server action through React's `useActionState` (which
 * also posts it before the scripts run). Checked with the action's schema on submit, and on
 * leaving a field only after a change (tabbing through empty fields says nothing, docs/product.md
 * §5); a shown problem, and after a submit every field, is checked again as it changes. `form` is
 * react-hook-form's own; the rest says how this product's fields and answers use it.
 */
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
    (...args) => resolveWith<V>(latestSchema.current, ...args),
    [],
  );
  // The values the form starts from: its defaults, and what the answer to a form posted before
  // the scripts ran echoed (its state on the first render; the server's HTML carries them too).
  const [start] = useState(() => ({ ...defaultValues, ...(state.values ?? {}) }) as V);
  const form = useForm<V>({
    resolver,
    defaultValues: start as never,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });
  const values = useWatch({ control: form.control }) as Partial<Record<string, unknown>>;
  const elements = useRef(new Map<string, FieldElement[]>());

  // A field typed into and left before the form's code arrived (decision 061) is checked as
  // leaving it would have been.
  useEffect(() => {
    for (const [name, [element]] of elements.current) {
      const typed = element?.value ?? '';
      const initial = (start as Record<string, unknown>)[name] ?? '';
      if (element && element !== document.activeElement && typed !== '' && typed !== initial)
        void form.trigger(name as Path<V>);
    }
  }, [form, start]);

  const [dismissed, setDismissed] = useState<{ state: ActionState<F>; fields: Set<string> }>({
    state,
    fields: new Set(),
  });
  const dismissedFields = dismissed.state === state ? dismissed.fields : new Set<string>();
  const dismiss = (field: F) => {
    if (!dismissedFields.has(field))
      setDismissed({ state, fields: new Set([...dismissedFields, field]) });
  };

  /** A field's problems, all of them (a password's unmet rules together); else the answer's. */
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

  /** What is sent is what is checked: a value filled in without a change event counts as typed. */
  const syncFromPage = useCallback(() => {
    for (const [name, list] of elements.current) {
      const live = list.filter((e) => e.isConnected);
      const radios = live.filter((e) => e instanceof HTMLInputElement && e.type === 'radio');
      const shown = radios.length
        ? (radios.find((e) => (e as HTMLInputElement).checked)?.value ?? '')
        : live[0]?.value;
      const path = name as Path<V>;
      if (typeof shown === 'string' && shown !== form.getValues(path))
        form.setValue(path, shown as PathValue<V, Path<V>>);
    }
  }, [form]);

  const register = (field: F & Path<V>) => {
    const initialValue = (start as Record<string, unknown>)[field];
    const registered = form.register(field, {
      onChange: () => {
        dismiss(field);
        // A field already showing its problem says at once when it is fixed.
        if (!form.formState.isSubmitted && form.getFieldState(field).error)
          void form.trigger(field);
      },
      onBlur: () => {
        if (!form.formState.isSubmitted && form.getValues(field) !== (initialValue ?? ''))
          void form.trigger(field);
      },
    });
    return {
      ...registered,
      ref: (element: FieldElement | null) => {
        registered.ref(element);
        if (!element) return;
        const list = elements.current.get(field) ?? [];
        if (!list.includes(element))
          elements.current.set(field, [...list.filter((e) => e.isConnected), element]);
      },
      // Echoed into the server's HTML too, so a form posted before the scripts ran comes back filled
      // (no answer echoes a secret).
      ...(typeof initialValue === 'string' && initialValue !== ''
        ? { defaultValue: initialValue }
        : {}),
      onFocus: () => void loadChecks(latestSchema.current),
    };
  };

  const setCode = (field: F & Path<V>, digits: string[], validate: boolean) => {
    form.setValue(field, digits as PathValue<V, F & Path<V>>, { shouldValidate: validate });
    if (!validate) form.clearErrors(field);
    dismiss(field);
  };

  /** The six code boxes' props (components/ui/otp-input.tsx): a value react-hook-form keeps. */
  const code = (field: F & Path<V>) => ({
    name: field as string,
    value: (values[field] as string[] | undefined) ?? [],
    onChange: (digits: string[]) => setCode(field, digits, form.formState.isSubmitted),
    errors: errorsFor(field),
  });

  const clearCode = (field: F & Path<V>) => setCode(field, [], false);

  /** Checks one field as the page shows it now; true when it has no problem. */
  const check = (field: F & Path<V>) => {
    syncFromPage();
    return form.trigger(field);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    syncFromPage();
    // react-hook-form focuses the first field with a problem.
    void form.handleSubmit(() => {
      setDismissed({ state, fields: new Set() });
      startTransition(() => formAction(formData));
    })();
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
    check,
  };
}
