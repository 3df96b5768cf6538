'use client';

import { newPasswordChallengeAction } from '@/lib/auth/sign-in';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { AuthHeading } from './auth-heading';
import { EmailText } from '@/components/ui/email-text';

/** After signing in with an invitation's temporary password: choose a real one. */
export function NewPasswordForm({ email }: { email: string }) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.newPasswordChallengeSchema),
    action: newPasswordChallengeAction,
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  return (
    <>
      <AuthHeading
        title="Choose your password"
        subtitle={
          <>
            Welcome! Replace the temporary password we sent to{' '}
            <strong className="text-ink font-semibold">
              <EmailText email={email} />
            </strong>
            .
          </>
        }
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage message={state.message} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <NewPasswordFields
          password={{ errors: errorsFor('newPassword'), ...register('newPassword') }}
          confirm={{ errors: errorsFor('confirmNewPassword'), ...register('confirmNewPassword') }}
        />
        <Button type="submit" pending={pending}>
          Set password and sign in
        </Button>
      </form>
    </>
  );
}
