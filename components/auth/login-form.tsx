'use client';

import Link from 'next/link';
import { useWatch } from 'react-hook-form';
import { signInAction } from '@/components/auth/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordField } from '@/components/ui/password-field';
import type { Message } from '@/lib/messages';
import { signInSchema } from '@/lib/validation/schemas';
import { AuthHeading } from './auth-heading';

export function LoginForm({ defaultEmail, notice }: { defaultEmail: string; notice?: Message }) {
  const { state, pending, formAction, onSubmit, errorsFor, register, form } = useActionForm({
    schema: signInSchema,
    action: signInAction,
    defaultValues: { email: defaultEmail, password: '' },
  });
  // The other ways in start from the email already typed.
  const email = useWatch({ control: form.control, name: 'email' });
  const withEmail = (path: string) =>
    email ? `${path}?email=${encodeURIComponent(email.trim().toLowerCase())}` : path;
  return (
    <>
      <AuthHeading
        title="Creator Dashboard"
        subtitle="Sign in to see your channels, earnings and tools."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage message={state.message ?? (state.status === 'idle' ? notice : undefined)} />
        <EmailField errors={errorsFor('email')} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          errors={errorsFor('password')}
          {...register('password')}
        />
        <div className="-mt-1 flex justify-end">
          <Link
            href="/forgot-password"
            className="text-brand-700 text-sm font-medium hover:underline"
          >
            Forgot Password?
          </Link>
        </div>
        <Button type="submit" pending={pending}>
          Sign In
        </Button>
      </form>
      <div className="mt-4 flex flex-col gap-3">
        <p className="text-ink-subtle flex items-center gap-3 text-xs uppercase before:h-px before:flex-1 before:bg-current/25 after:h-px after:flex-1 after:bg-current/25">
          or
        </p>
        <Link
          href={withEmail('/login/email-code')}
          prefetch={false}
          className="border-surface-border text-ink hover:bg-surface-muted inline-flex min-h-11 items-center justify-center rounded-lg border bg-white px-4 py-2 text-sm font-semibold"
        >
          Email me a sign-in code
        </Link>
      </div>
      <p className="text-ink-muted mt-6 text-center text-sm">
        New here?{' '}
        <Link href="/register" className="text-brand-700 font-semibold hover:underline">
          Create your account
        </Link>
      </p>
    </>
  );
}
