'use client';

import { useId } from 'react';
import { chooseSetupMethodAction } from '@/lib/auth/sign-in';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';
import { MethodChoices } from './method-choices';

/**
 * MFA_SETUP with a choice: the pool requires two-step verification, this account has none yet,
 * and the app or email codes can be set up here. Text messages are told, not offered: they need a
 * verified phone number, which the profile adds.
 */
export function SetupChoiceForm({
  methods,
  maskedEmail,
  textsLater,
  support,
}: {
  methods: TwoStepMethod[];
  maskedEmail: string;
  textsLater: boolean;
  support: string;
}) {
  const id = useId();
  const { state, pending, formAction, onSubmit, register, errorsFor } = useActionForm({
    schema: () => import('@/lib/validation/two-step').then((m) => m.twoStepMethodSchema),
    action: chooseSetupMethodAction,
    defaultValues: { method: methods[0] },
  });
  return (
    <>
      <AuthHeading
        title="Set up two-step verification"
        subtitle="Your account needs a second step to sign in. Choose how you'll get your codes."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <MethodChoices
          id={id}
          methods={methods}
          errors={errorsFor('method')}
          field={register('method')}
          legend="Get codes with"
          hints={{
            SOFTWARE_TOKEN_MFA:
              'An app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.',
            EMAIL_OTP: `We email a code to ${maskedEmail} each time you sign in.`,
          }}
        />
        {textsLater && (
          <p className="text-ink-muted text-sm">
            Text messages: once you&apos;re in, add and verify your phone number in your profile,
            then turn them on.
          </p>
        )}
        <Button type="submit" pending={pending}>
          Continue
        </Button>
      </form>
      <SetupHelp support={support} />
      <BackToSignIn />
    </>
  );
}

/** Where a creator who cannot set up any method asks for help. */
export function SetupHelp({ support }: { support: string }) {
  return (
    <p className="text-ink-muted mt-6 text-center text-sm">
      Can&apos;t set it up?{' '}
      <a
        href={`mailto:${support}`}
        className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
      >
        Get help
      </a>
    </p>
  );
}
