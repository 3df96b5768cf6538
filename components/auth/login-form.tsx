'use client';

import Link from 'next/link';
import { useState, useTransition } from 'react';
import {
  forgetRememberedEmailAction,
  passkeySignInFinishAction,
  passkeySignInStartAction,
  signInAction,
} from '@/lib/auth/sign-in';
import { useWebAuthn } from '@/components/auth/use-webauthn';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormMessage } from '@/components/ui/form-message';
import { IntentLink } from '@/components/ui/intent-link';
import { PasswordField } from '@/components/ui/password-field';
import type { Message } from '@/lib/messages';
import { passkeyCeremonyMessage } from '@/lib/messages/passkeys';
import { AuthHeading } from './auth-heading';
import { ContinueWithGoogle } from './continue-with-google';
import { OrDivider } from './or-divider';

export function LoginForm({
  defaultEmail,
  remembered = false,
  notice,
  noticeTone = 'error',
  google = false,
}: {
  defaultEmail: string;
  /** The email is the one this browser last signed in with (decision 047). */
  remembered?: boolean;
  notice?: Message;
  /** News of an ended session is a notice, not an error (docs/product.md §8). */
  noticeTone?: 'info' | 'error';
  google?: boolean;
}) {
  const [forgotten, setForgotten] = useState(false);
  const { state, pending, form, formAction, onSubmit, errorsFor, register, check } = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.signInSchema),
    action: signInAction,
    defaultValues: { email: defaultEmail, password: '' },
  });
  const webAuthn = useWebAuthn();
  const [passkeyMessage, setPasskeyMessage] = useState<Message>();
  // Kept whole (its 'contact support' link too) for the email it was about.
  const [passkeyFieldError, setPasskeyFieldError] = useState<{ email: string; message: Message }>();
  const [passkeyPending, startPasskey] = useTransition();
  const passkey = () =>
    startPasskey(async () => {
      setPasskeyMessage(undefined);
      setPasskeyFieldError(undefined);
      if (!(await check('email'))) return;
      const typed = form.getValues('email');
      const begun = await passkeySignInStartAction(typed);
      const options = begun.status === 'success' ? begun.data?.options : undefined;
      if (!options) {
        const fieldError = begun.fieldErrors?.email?.[0];
        if (fieldError) setPasskeyFieldError({ email: typed, message: fieldError });
        setPasskeyMessage(begun.message);
        return;
      }
      let credential: unknown;
      try {
        // Loaded on use: most sign-ins never need it.
        const { startAuthentication } = await import('@simplewebauthn/browser');
        credential = await startAuthentication({ optionsJSON: JSON.parse(options) });
      } catch (error) {
        setPasskeyMessage({ text: passkeyCeremonyMessage(error, 'get') });
        return;
      }
      // Signed in: the action redirects. Otherwise it says why.
      const answer = await passkeySignInFinishAction(credential);
      setPasskeyMessage(answer.message);
    });
  // The form's value has what was typed before hydration too.
  const email = form.watch('email');
  const withEmail = (path: string) =>
    email ? `${path}?email=${encodeURIComponent(email.trim().toLowerCase())}` : path;
  // The page's notice until the form or a passkey answers.
  const showNotice = !passkeyMessage && !state.message && state.status === 'idle';
  return (
    <>
      <AuthHeading
        title="Creator Dashboard"
        subtitle="Sign in to see your channels, earnings and tools."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage
          message={passkeyMessage ?? state.message ?? (showNotice ? notice : undefined)}
          tone={showNotice ? noticeTone : 'error'}
        />
        <EmailField
          errors={
            passkeyFieldError && passkeyFieldError.email === email
              ? [passkeyFieldError.message]
              : errorsFor('email')
          }
          {...register('email')}
        />
        {remembered && !forgotten && email === defaultEmail && (
          <button
            type="button"
            className="text-accent -mt-2 inline-flex min-h-6 items-center self-start text-sm font-medium hover:underline"
            onClick={() => {
              // On a shared computer: the field empties and the browser forgets the address.
              setForgotten(true);
              form.setValue('email', '');
              form.setFocus('email');
              void forgetRememberedEmailAction();
            }}
          >
            Not you? Use another email
          </button>
        )}
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          errors={errorsFor('password')}
          {...register('password')}
        />
        <div className="-mt-1 flex justify-end">
          <IntentLink
            href={withEmail('/forgot-password')}
            className="text-accent inline-flex min-h-6 items-center text-sm font-medium hover:underline"
          >
            Forgot Password?
          </IntentLink>
        </div>
        <Button type="submit" pending={pending}>
          Sign In
        </Button>
      </form>
      <div className="mt-4 flex flex-col gap-3">
        <OrDivider />
        {google && <ContinueWithGoogle />}
        {webAuthn !== false && (
          <Button type="button" variant="secondary" pending={passkeyPending} onClick={passkey}>
            Sign in with a passkey
          </Button>
        )}
        <Link
          href={withEmail('/login/email-code')}
          prefetch={false}
          className="border-surface-border text-ink hover:bg-surface-muted bg-surface inline-flex min-h-11 items-center justify-center rounded-lg border px-4 py-2 text-sm font-semibold"
        >
          Email me a sign-in code
        </Link>
      </div>
      <p className="text-ink-muted mt-6 text-center text-sm">
        New here?{' '}
        <IntentLink href="/register" className="text-accent font-semibold hover:underline">
          Create your account
        </IntentLink>
      </p>
    </>
  );
}
