'use client';

import { useId } from 'react';
import { twoStepSignInAction } from '@/components/auth/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { authenticatorCodeSchema } from '@/lib/validation/authenticator';
import { MSG } from '@/lib/validation/messages';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';

/** The second step of sign-in for creators who turned on an authenticator app. */
export function TwoStepSignInForm() {
  const rememberId = useId();
  const { state, pending, formAction, onSubmit, code } = useActionForm({
    schema: authenticatorCodeSchema,
    action: twoStepSignInAction,
    defaultValues: { code: [] as string[] },
  });
  return (
    <>
      <AuthHeading title="Two-step verification" subtitle={MSG.authenticatorCodeEnter} />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <OtpInput label="Authentication code" autoFocus {...code('code')} />
        <div className="flex items-start gap-3">
          <input
            id={rememberId}
            type="checkbox"
            name="remember"
            aria-describedby={`${rememberId}-hint`}
            className="accent-brand-600 mt-0.5 size-5 shrink-0"
          />
          <div className="flex flex-col gap-0.5">
            <label htmlFor={rememberId} className="text-ink text-sm font-medium">
              Remember this device
            </label>
            <p id={`${rememberId}-hint`} className="text-ink-muted text-xs">
              Skip the code when you sign in on this browser again. Only on a device you alone use.
            </p>
          </div>
        </div>
        <Button type="submit" pending={pending}>
          Verify
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}
