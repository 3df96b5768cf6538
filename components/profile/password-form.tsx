'use client';

import { useId, useState } from 'react';
import { changePasswordAction, type OthersOutcome } from '@/lib/profile/account';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordField } from '@/components/ui/new-password-fields';
import { PasswordField } from '@/components/ui/password-field';

const OUTCOMES: readonly string[] = [
  'signed-out',
  'signed-out-here-too',
  'failed',
  'kept',
] satisfies OthersOutcome[];
const outcomeOf = (v: string | undefined) =>
  v !== undefined && OUTCOMES.includes(v) ? (v as OthersOutcome) : undefined;

// Signing out others travels with the new password: keeping this session needs it (ASVS 3.3.3).
export function PasswordForm({
  email,
  twoStep,
  onDone,
}: {
  email: string;
  twoStep: boolean;
  onDone: (others?: OthersOutcome) => void;
}) {
  const othersId = useId();
  // Yes by default, as a password change after a lost device expects; held here, so a refused
  // submission keeps the person's choice (a form action resets what it does not hold).
  const [others, setOthers] = useState(true);
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.changePasswordSchema),
    action: changePasswordAction,
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
    resilient: true,
    onSuccess: (answer) => onDone(outcomeOf(answer.data?.others)),
  });
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
      <NewPasswordField
        label="New password"
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
      <div className="flex items-start gap-3">
        <input
          id={othersId}
          type="checkbox"
          name="signOutOthers"
          checked={others}
          onChange={(e) => setOthers(e.target.checked)}
          aria-describedby={`${othersId}-hint`}
          className="accent-brand-600 mt-0.5 size-5 shrink-0"
        />
        <div className="flex flex-col gap-0.5">
          <label
            htmlFor={othersId}
            className="text-ink flex min-h-6 items-center text-sm font-medium"
          >
            Sign out other devices
          </label>
          <p id={`${othersId}-hint`} className="text-ink-muted text-xs">
            {twoStep
              ? 'Ends your sessions on other phones and browsers, and this one: sign in again with your new password and a code.'
              : 'Ends your sessions on other phones and browsers. You stay signed in here.'}
          </p>
        </div>
      </div>
      <Button type="submit" pending={pending}>
        Save
      </Button>
    </form>
  );
}
