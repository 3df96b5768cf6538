'use client';

import { signUpAction } from '@/lib/auth/sign-up';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormMessage } from '@/components/ui/form-message';
import { IntentLink } from '@/components/ui/intent-link';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { AuthHeading } from './auth-heading';
import { ContinueWithGoogle } from './continue-with-google';
import { OrDivider } from './or-divider';

export function RegisterForm({
  prefilledEmail,
  google = false,
}: {
  prefilledEmail?: string;
  /** Never on an invitation: that account has a password. */
  google?: boolean;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.signUpSchema),
    action: signUpAction,
    defaultValues: { email: prefilledEmail ?? '', password: '', verifyPassword: '' },
  });
  return (
    <>
      <AuthHeading
        title={prefilledEmail ? 'Activate your account' : 'Create your account'}
        subtitle="Use the email address your channel is registered with."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage message={state.message} />
        <EmailField
          readOnly={!!prefilledEmail}
          errors={errorsFor('email')}
          {...register('email')}
        />
        <NewPasswordFields
          labels={['Password', 'Confirm password']}
          password={{ errors: errorsFor('password'), ...register('password') }}
          confirm={{ errors: errorsFor('verifyPassword'), ...register('verifyPassword') }}
        />
        <Button type="submit" pending={pending}>
          Create account
        </Button>
      </form>
      {google && !prefilledEmail && (
        <div className="mt-4 flex flex-col gap-3">
          <OrDivider />
          <ContinueWithGoogle />
        </div>
      )}
      <p className="text-ink-muted mt-6 text-center text-sm">
        Already have an account?{' '}
        <IntentLink href="/login" className="text-accent font-semibold hover:underline">
          Sign in
        </IntentLink>
      </p>
    </>
  );
}
