'use client';

import { recoveryCodeSignInAction, switchTwoStepMethodAction } from '@/lib/auth/recovery';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';
import { AuthHeading } from './auth-heading';
import { OtherWaysLink } from './other-ways';

/** One other method that is on, with the password again: Cognito starts a new sign-in (046). */
export function OtherMethodForm({
  email,
  method,
  title,
}: {
  email: string;
  method: TwoStepMethod;
  /** What this way does, as the list said it ('Text a code to •••0134'). */
  title: string;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/recovery').then((m) => m.switchTwoStepSchema),
    action: switchTwoStepMethodAction,
    defaultValues: { method, password: '' },
  });
  return (
    <>
      <AuthHeading
        title={title}
        subtitle="Enter your password again: a new code goes out, and this sign-in asks for it."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <input type="hidden" {...register('method')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          autoFocus
          required
          errors={errorsFor('password')}
          {...register('password')}
        />
        <Button type="submit" pending={pending}>
          Continue
        </Button>
      </form>
      <OtherWaysLink />
    </>
  );
}

/** Signing in with a recovery code and the password (decision 046). */
export function RecoveryCodeForm({ email }: { email: string }) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: () => import('@/lib/validation/recovery').then((m) => m.recoveryCodeSignInSchema),
    action: recoveryCodeSignInAction,
    defaultValues: { recoveryCode: '', password: '' },
  });
  return (
    <>
      <AuthHeading
        title="Use a recovery code"
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
      <OtherWaysLink />
    </>
  );
}
