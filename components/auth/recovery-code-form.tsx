'use client';

import { useId } from 'react';
import { recoveryCodeSignInAction, switchTwoStepMethodAction } from '@/components/auth/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import { loadSchema } from '@/lib/validation/load';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';
import { AuthHeading } from './auth-heading';
import { MethodChoices } from './method-choices';
import { BackToSignIn } from './back-to-sign-in';

/** Another method that is on, with the password again (decision 046). */
function OtherMethodForm({ email, others }: { email: string; others: TwoStepMethod[] }) {
  const id = useId();
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: loadSchema.switchTwoStep,
    action: switchTwoStepMethodAction,
    defaultValues: { method: others[0], password: '' },
  });
  const errors = errorsFor('method');
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-ink text-base font-semibold">
        Get a code another way
      </h2>
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <MethodChoices id={id} methods={others} errors={errors} field={register('method')} />
        <PasswordField
          label="Password"
          hint="Enter your password again to switch."
          autoComplete="current-password"
          required
          errors={errorsFor('password')}
          {...register('password')}
        />
        <Button type="submit" pending={pending}>
          Continue
        </Button>
      </form>
    </section>
  );
}

/** Signing in with a recovery code and the password (decision 046). */
export function RecoveryCodeForm({
  email,
  supportEmail,
  others = [],
}: {
  email: string;
  supportEmail: string;
  others?: TwoStepMethod[];
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: loadSchema.recoveryCodeSignIn,
    action: recoveryCodeSignInAction,
    defaultValues: { recoveryCode: '', password: '' },
  });
  return (
    <>
      <AuthHeading
        title="Try another way"
        subtitle={
          others.length > 0
            ? 'Get your code another way, or sign in with one of your recovery codes.'
            : 'Lost your phone? Sign in with one of your recovery codes and your password. Two-step verification then turns off, so you can set it up again.'
        }
      />
      {others.length > 0 && (
        <div className="mb-8">
          <OtherMethodForm email={email} others={others} />
        </div>
      )}
      {others.length > 0 && (
        <h2 className="text-ink mb-1 text-base font-semibold">Use a recovery code</h2>
      )}
      {others.length > 0 && (
        <p className="text-ink-muted mb-4 text-sm">
          Two-step verification then turns off, so you can set it up again.
        </p>
      )}
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label="Recovery code"
          hint="Like ABCDE-12345, from the codes you saved when you set up two-step verification."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={others.length === 0}
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
