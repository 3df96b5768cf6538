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
import { idle, type ActionState } from '@/lib/action-state';
import type { Message } from '@/lib/messages';
import { resilient as withResilience, useAnswerEffects, type FormAction } from './answer';

export type { FormAction } from './answer';

/**
 * A form's schema, loaded the first time the form is checked (or a field of it is focused): the
 * schemas and the checking library stay out of the script a page needs to paint and hydrate. The
 * server action checks every submission meanwhile.
 *
 *   schema: loadSchema.signIn (lib/validation/load.ts)
 */
export type SchemaLoader = () => Promise<$ZodType>;

/** The resolver module, fetched once for every form of the page. */
let resolvers: Promise<typeof import('@hookform/resolvers/zod')> | null = null;
const loadResolvers = () => (resolvers ??= import('@hookform/resolvers/zod'));

/**
 * The zod resolver and the schema `load` answers, fetched together. A failed load (offline)
 * answers null and is tried again next time.
 */
async function loadChecks(load: SchemaLoader) {
  try {
    return await Promise.all([loadResolvers(), load()]);
  } catch {
    resolvers = null;
    return null;
  }
}

/**
 * Checks a form with its schema, fetched on the first check. While the schema cannot load, the
 * form is let through and the server action's own check answers.
 */
async function check<V extends FieldValues>(
  load: SchemaLoader,
  ...args: Parameters<Resolver<V>>
): Promise<Awaited<ReturnType<Resolver<V>>>> {
  const loaded = await loadChecks(load);
  if (!loaded) return { values: args[0], errors: {} };
  const [{ zodResolver }, schema] = loaded;
  return (zodResolver(schema as never) as unknown as Resolver<V>)(...args);
}

/** Starts loading a form's checks (a person reached a field), so they are there by the first blur. */
const preload = (load: SchemaLoader) => void loadChecks(load);

export type ActionFormOptions<F extends string, V extends FieldValues> = {
  /** Loads the schema the server action checks too (lib/validation). */
  schema: SchemaLoader;
  action: FormAction<F>;
  /** Every field's starting value; a six-box code field starts as `[]`. */
  defaultValues: V;
  initial?: ActionState<F>;
  /** A call that fails outright answers a message instead of breaking the page (signed-in forms). */
  resilient?: boolean;
  /** Runs once per successful answer (after it is shown). */
  onSuccess?: (state: ActionState<F>) => void;
};

/**
 * The one client form layer (docs/architecture.md §1): react-hook-form checks the form in the
 * browser with the schema the server action uses (every field at once), then the action checks it
 * again. Server field errors show beside their fields until that field changes; the form message is
 * `state.message`. Echoed values refill the fields (never secrets). Answers have their effects
 * (useAnswerEffects: success, /login when the session ended, refresh, sign-out). Without
 * JavaScript the form still posts.
 *
 * Plain inputs: `{...register('email')}` and `errors={errorsFor('email')}`. The six code boxes:
 * `<OtpInput label="…" {...code('code')} />`, emptied again with `clearCode('code')`.
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
  // The latest loader (a schema may depend on props), read only when the form is checked.
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
    mode: 'onTouched',
    criteriaMode: 'all',
  });
  const values = useWatch({ control: form.control }) as Partial<Record<string, unknown>>;
  // What was typed before the page's scripts ran (a prerendered page paints first): react-hook-form
  // takes it when it registers the field, but tells no watcher and renders nothing. One render
  // more once the fields are registered, so what the form shows from its values (the sign-in
  // page's email-code link reads `form.getValues`) has it.
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

  /** Hides the server's errors for a field (it changed since the answer). */
  const dismiss = (field: F) => {
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

  const register = (field: F & Path<V>) => {
    // A value the answer echoed is written into the server's HTML as well: a form posted before
    // the page's scripts ran is answered with a page that shows what was sent (never a secret,
    // which no answer echoes). Once the scripts run, react-hook-form holds the same value.
    const initialValue = (form.formState.defaultValues as Record<string, unknown> | undefined)?.[
      field
    ];
    return {
      ...form.register(field, { onChange: () => dismiss(field) }),
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

  /** Props for the six code boxes (OtpInput): after a submit they are checked as they change. */
  const code = (field: F & Path<V>) => ({
    name: field as string,
    value: (values[field] as string[] | undefined) ?? [],
    onChange: (digits: string[]) => setCode(field, digits, form.formState.isSubmitted),
    errors: errorsFor(field),
  });

  /** Empties the code boxes and their errors (e.g. after a new code was sent). */
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
