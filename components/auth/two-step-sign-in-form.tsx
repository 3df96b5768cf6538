'use client';

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
        <Button type="submit" pending={pending}>
          Verify
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}
