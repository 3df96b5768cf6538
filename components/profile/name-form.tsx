'use client';

import { updateNameAction } from '@/lib/profile/account';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { NAME_MAX } from '@/lib/validation/limits';

const tidy = (s: string) => s.trim().replace(/\s+/g, ' ');

export function NameForm({
  current,
  typed,
  onDone,
}: {
  current: string;
  /** What was typed before a sign-in that came between (draft.ts). */
  typed?: string;
  onDone: () => void;
}) {
  const { state, pending, form, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.nameSchema),
    action: updateNameAction,
    defaultValues: { name: typed ?? current },
    resilient: true,
    onSuccess: () => onDone(),
  });
  const name = form.watch('name') ?? '';
  const changed = tidy(name) !== tidy(current);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage message={state.message} />
      <Field
        label="Name"
        autoComplete="name"
        maxLength={NAME_MAX}
        hint={`Up to ${NAME_MAX} characters.`}
        autoFocus
        required
        errors={errorsFor('name')}
        {...register('name')}
      />
      <Button type="submit" pending={pending} disabled={!changed}>
        Save
      </Button>
    </form>
  );
}
