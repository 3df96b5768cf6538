'use client';

import { setupTwoStepSignInAction } from '@/lib/auth/sign-in';
import { useActionForm } from '@/components/forms/use-action-form';
import { AuthenticatorKey } from '@/components/ui/authenticator-key';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { RecoveryCodesList } from '@/components/ui/recovery-codes-list';
import { AuthHeading } from './auth-heading';
import { SetupHelp } from './setup-choice-form';
import { BackToSignIn } from './back-to-sign-in';
import { RememberDevice } from './two-step-sign-in-form';

/** MFA_SETUP: the pool requires two-step verification and this account has none yet. */
export function SetupTwoStepForm({
  secret,
  qr,
  support,
}: {
  secret: string;
  qr: string;
  support?: string;
}) {
  const { state, pending, formAction, onSubmit, code } = useActionForm({
    schema: () => import('@/lib/validation/authenticator').then((m) => m.authenticatorCodeSchema),
    action: setupTwoStepSignInAction,
    defaultValues: { code: [] as string[] },
  });
  const codes = state.status === 'success' ? state.data?.codes?.split('\n') : undefined;
  if (codes)
    return (
      <>
        <AuthHeading
          title="Save your recovery codes"
          subtitle="Two-step verification is on. These codes are your way back in without your phone."
        />
        <RecoveryCodesList
          codes={codes}
          titled={false}
          // A full load: the signed-in layout starts from the server.
          onDone={() => window.location.assign(state.data?.next ?? '/')}
        />
      </>
    );
  return (
    <>
      <AuthHeading
        title="Set up two-step verification"
        subtitle="Your account needs a second step to sign in. Add it with an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password."
      />
      <div className="flex flex-col gap-5">
        <AuthenticatorKey secret={secret} qr={qr} />
        <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormMessage message={state.message} />
          <OtpInput label="Code from your authenticator app" {...code('code')} />
          <RememberDevice />
          <Button type="submit" pending={pending}>
            Turn on and continue
          </Button>
        </form>
      </div>
      {support && <SetupHelp support={support} />}
      <BackToSignIn />
    </>
  );
}
