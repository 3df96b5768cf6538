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
import type { $ZodType } from 'zod/v4/core';
import { idle, type ActionState } from '@/lib/actions/state';
import type { Message } from '@/lib/messages';
import { resilient as withResilience, useAnswerEffects, type FormAction } from './answer';

export type { FormAction } from './answer';

/** Loaded on the first check or focus; the server action checks meanwhile (decision 023). */
export type SchemaLoader = () => Promise<$ZodType>;

type Values = Record<string, unknown>;
type FieldErrors = Partial<Record<string, string[]>>;

async function load(schema: SchemaLoader) {
  try {
    return await schema();
  } catch {
    return null;
  }
}

/**
 * Every field's problems under the schema, all of each field's messages (a password's unmet rules
 * together), grouped by kind as they come. Null while the schema cannot load (offline): the form
 * is let through and the server action checks it.
 */
async function problems(schema: SchemaLoader, values: Values): Promise<FieldErrors | null> {
  const loaded = await load(schema);
  if (!loaded) return null;
  const result = await loaded['~standard'].validate(values);
  const byField = new Map<string, Map<string, string[]>>();
  for (const issue of result.issues ?? []) {
    const head = issue.path?.[0];
    const field = String(typeof head === 'object' ? head.key : (head ?? ''));
    const kinds = byField.get(field) ?? new Map<string, string[]>();
    const kind = (issue as { code?: string }).code ?? 'custom';
    kinds.set(kind, [...(kinds.get(kind) ?? []), issue.message]);
    byField.set(field, kinds);
  }
  return Object.fromEntries(
    [...byField].map(([field, kinds]) => [field, [...new Set([...kinds.values()].flat())]]),
  );
}

const preload = (schema: SchemaLoader) => void load(schema);

export type ActionFormOptions<F extends string, V extends Values> = {
  schema: SchemaLoader;
  action: FormAction<F>;
  defaultValues: V;
  initial?: ActionState<F>;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
};

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The client form layer: the browser checks with the action's schema, then the action again.
 * React's own form state (`useActionState`) and the schema's standard `validate`: checked on
 * submit, and on leaving a field only after a change (tabbing through empty fields says nothing,
 * docs/product.md §5); after a submit, every change is checked again.
 */
export function useActionForm<F extends string, V extends Values>({
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

  // The values the form starts from: its defaults, and what the answer to a form posted before
  // the scripts ran echoed (its state on the first render; the server's HTML carries them too).
  const [start] = useState<Values>(() => ({ ...defaultValues, ...(state.values ?? {}) }));
  const [values, setValues] = useState<Values>(start);
  const current = useRef<Values>(start);
  const put = useCallback((field: string, value: unknown) => {
    current.current = { ...current.current, [field]: value };
    setValues(current.current);
  }, []);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errorsNow = useRef<FieldErrors>({});
  const showErrors = useCallback((next: FieldErrors) => {
    errorsNow.current = next;
    setClientErrors(next);
  }, []);
  const submitted = useRef(false);
  const elements = useRef(new Map<string, FieldElement[]>());

  /**
   * What is sent is what is checked: a value the browser filled in without a change event
   * (autofill, a password manager) counts as typed.
   */
  const syncFromPage = () => {
    for (const [name, list] of elements.current) {
      const live = list.filter((e) => e.isConnected);
      const radios = live.filter((e) => e instanceof HTMLInputElement && e.type === 'radio');
      const shown = radios.length
        ? (radios.find((e) => (e as HTMLInputElement).checked)?.value ?? '')
        : live[0]?.value;
      if (typeof shown === 'string' && shown !== current.current[name]) put(name, shown);
    }
  };

  /** Checks `fields` (all when none named) and shows their problems; true when they have none. */
  const check = useCallback(
    async (...fields: string[]): Promise<boolean> => {
      const found = await problems(latestSchema.current, current.current);
      if (!found) return true;
      const named = fields.length
        ? fields
        : [...new Set([...Object.keys(found), ...Object.keys(errorsNow.current)])];
      const next = { ...errorsNow.current };
      for (const field of named) {
        if (found[field]?.length) next[field] = found[field];
        else delete next[field];
      }
      showErrors(next);
      return named.every((field) => !found[field]?.length);
    },
    [showErrors],
  );

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
    const mine = clientErrors[field];
    if (mine?.length) return mine.map((text) => ({ text }));
    if (dismissedFields.has(field)) return [];
    return state.fieldErrors?.[field] ?? [];
  };

  const changed = (field: string) => {
    if (submitted.current || errorsNow.current[field]?.length) void check(field);
  };

  const register = (field: F & keyof V & string) => {
    const initialValue = start[field];
    return {
      name: field,
      ref: (element: FieldElement | null) => {
        if (!element) return;
        const list = elements.current.get(field) ?? [];
        if (!list.includes(element))
          elements.current.set(field, [...list.filter((e) => e.isConnected), element]);
        if (element instanceof HTMLInputElement && element.type === 'radio') {
          element.checked = element.value === current.current[field];
          return;
        }
        // A prerendered page can be typed into before hydration: that value is the field's.
        if (
          element.value !== '' &&
          current.current[field] === (start[field] ?? '') &&
          element.value !== current.current[field]
        )
          put(field, element.value);
      },
      onChange: (event: React.ChangeEvent<FieldElement>) => {
        const target = event.target;
        if (target instanceof HTMLInputElement && target.type === 'radio' && !target.checked)
          return;
        put(field, target.value);
        dismiss(field);
        // A field already showing its problem says at once when it is fixed.
        changed(field);
      },
      onBlur: () => {
        if (!submitted.current && current.current[field] !== (start[field] ?? ''))
          void check(field);
      },
      // Echoed into the server's HTML too, so a form posted before the scripts ran comes back filled
      // (no answer echoes a secret).
      ...(typeof initialValue === 'string' && initialValue !== ''
        ? { defaultValue: initialValue }
        : {}),
      onFocus: () => preload(latestSchema.current),
    };
  };

  const setCode = (field: F & keyof V & string, digits: string[], validate: boolean) => {
    put(field, digits);
    if (validate) void check(field);
    else if (errorsNow.current[field]) {
      const next = { ...errorsNow.current };
      delete next[field];
      showErrors(next);
    }
    dismiss(field);
  };

  const code = (field: F & keyof V & string) => ({
    name: field as string,
    value: (values[field] as string[] | undefined) ?? [],
    onChange: (digits: string[]) => setCode(field, digits, submitted.current),
    errors: errorsFor(field),
  });

  const clearCode = (field: F & keyof V & string) => setCode(field, [], false);

  /** A field's value as typed now. */
  const valueOf = <K extends F & keyof V & string>(field: K) => values[field] as V[K];

  /** Sets a field (and what it shows). */
  const setValue = (field: F & keyof V & string, value: string) => {
    for (const element of elements.current.get(field) ?? []) element.value = value;
    put(field, value);
  };

  const focus = (field: F & keyof V & string) => elements.current.get(field)?.[0]?.focus();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    submitted.current = true;
    syncFromPage();
    void check().then((ok) => {
      if (!ok) {
        // The first field with a problem, in the form's order, takes the focus.
        const first = [...elements.current.entries()].find(
          ([name]) => errorsNow.current[name]?.length,
        );
        first?.[1][0]?.focus();
        return;
      }
      setDismissed({ state, fields: new Set() });
      startTransition(() => formAction(formData));
    });
  };

  return {
    state,
    pending,
    formAction,
    onSubmit,
    errorsFor,
    register,
    dismiss,
    code,
    clearCode,
    valueOf,
    setValue,
    focus,
    /** Checks one field as the page shows it now; true when it has no problem. */
    check: (field: F & keyof V & string) => {
      syncFromPage();
      return check(field);
    },
    /** A field's value as the page shows it now, for an event handler (`valueOf` is for render). */
    valueNow: <K extends F & keyof V & string>(field: K) => {
      syncFromPage();
      return current.current[field] as V[K];
    },
  };
}
