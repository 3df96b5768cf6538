'use client';

import { changePasswordAction } from '@/app/(dashboard)/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { MSG } from '@/lib/validation/messages';
import { changePasswordSchema } from '@/lib/validation/schemas';
import { resilient } from './resilient';
import { useAnswerEffects } from './use-answer-effects';

const passwordAction = resilient(changePasswordAction);

/** Current, new and confirmation; Save is always enabled here (spec §5). */
export function PasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: changePasswordSchema,
    action: passwordAction,
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });
  useAnswerEffects(state, onDone);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormMessage message={state.message} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        autoFocus
        required
        errors={errorsFor('currentPassword')}
        {...register('currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={MSG.passwordHint}
        required
        errors={errorsFor('newPassword')}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        required
        errors={errorsFor('confirmNewPassword')}
        {...register('confirmNewPassword')}
      />
      <Button type="submit" pending={pending}>
        Save
      </Button>
    </form>
  );
}
