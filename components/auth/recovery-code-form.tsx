'use client';

import { recoveryCodeSignInAction } from '@/components/auth/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { loadSchema } from '@/lib/validation/load';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';

/** Signing in with a recovery code and the password (decision 046). */
export function RecoveryCodeForm({ email, supportEmail }: { email: string; supportEmail: string }) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: loadSchema.recoveryCodeSignIn,
    action: recoveryCodeSignInAction,
    defaultValues: { recoveryCode: '', password: '' },
  });
  return (
    <>
      <AuthHeading
        title="Try another way"
        subtitle="Lost your phone? Sign in with one of your recovery codes and your password. Two-step verification then turns off, so you can set it up again."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label="Recovery code"
          hint="Like ABCDE-12345, from the codes you saved when you set up two-step verification."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          errors={errorsFor('recoveryCode')}
          {...register('recoveryCode')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          errors={errorsFor('password')}
          {...register('password')}
        />
        <Button type="submit" pending={pending}>
          Sign In
        </Button>
      </form>
      <p className="text-ink-muted mt-6 text-sm">
        Can&apos;t use any of these?{' '}
        <a
          href={`mailto:${supportEmail}`}
          className="text-brand-700 inline-flex min-h-6 items-center font-semibold underline"
        >
          Contact support
        </a>
      </p>
      <BackToSignIn />
    </>
  );
}
