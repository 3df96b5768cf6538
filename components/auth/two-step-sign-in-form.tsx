'use client';

import { useId } from 'react';
import { twoStepSignInAction } from '@/lib/auth/sign-in';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { MSG } from '@/lib/messages/fields';
import type { TwoStepMethod } from '@/lib/validation/two-step';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';
import { TryAnotherWay } from './try-another-way';

function subtitle(method: TwoStepMethod, destination?: string): string {
  if (method === 'SOFTWARE_TOKEN_MFA') return MSG.authenticatorCodeEnter;
  const where = destination ? ` to ${destination}` : '';
  return method === 'SMS_MFA'
    ? `Enter the 6-digit code we sent by text message${where}.`
    : `Enter the 6-digit code we emailed${where}.`;
}

export function RememberDevice() {
  const rememberId = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={rememberId}
        type="checkbox"
        name="remember"
        aria-describedby={`${rememberId}-hint`}
        className="accent-brand-600 mt-0.5 size-5 shrink-0"
      />
      <div className="flex flex-col gap-0.5">
        <label
          htmlFor={rememberId}
          className="text-ink flex min-h-6 items-center text-sm font-medium"
        >
          Remember this device
        </label>
        <p id={`${rememberId}-hint`} className="text-ink-muted text-xs">
          Skip the code when you sign in on this browser again. Only on a device you alone use.
        </p>
      </div>
    </div>
  );
}

// Cognito has no resend for a sent sign-in code: signing in again sends a new one.
export function TwoStepSignInForm({
  method = 'SOFTWARE_TOKEN_MFA',
  destination,
}: {
  method?: TwoStepMethod;
  destination?: string;
}) {
  const { state, pending, formAction, onSubmit, code } = useActionForm({
    schema: () => import('@/lib/validation/two-step').then((m) => m.twoStepCodeSchema(method)),
    action: twoStepSignInAction,
    defaultValues: { code: [] as string[] },
  });
  return (
    <>
      <AuthHeading title="Two-step verification" subtitle={subtitle(method, destination)} />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <OtpInput label="Authentication code" autoFocus {...code('code')} />
        {method !== 'SOFTWARE_TOKEN_MFA' && (
          <p className="text-ink-muted text-xs">
            The code works for 3 minutes. Didn&apos;t get it? Go back to sign in, and we&apos;ll
            send a new one.
          </p>
        )}
        <RememberDevice />
        <Button type="submit" pending={pending}>
          Verify
        </Button>
      </form>
      <div className="mt-6">
        <TryAnotherWay />
      </div>
      <BackToSignIn />
    </>
  );
}
