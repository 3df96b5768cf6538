'use client';

import { useId } from 'react';
import { chooseTwoStepMethodAction } from '@/lib/auth/sign-in';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { TwoStepMethod } from '@/lib/validation/two-step-methods';
import { AuthHeading } from './auth-heading';
import { MethodChoices } from './method-choices';
import { BackToSignIn } from './back-to-sign-in';
import { TryAnotherWay } from './try-another-way';

/** SELECT_MFA_TYPE: several two-step methods are on and none is preferred; the creator picks. */
export function ChooseTwoStepForm({ choices }: { choices: TwoStepMethod[] }) {
  const id = useId();
  const { state, pending, formAction, onSubmit, register, errorsFor } = useActionForm({
    schema: () => import('@/lib/validation/two-step').then((m) => m.twoStepMethodSchema),
    action: chooseTwoStepMethodAction,
    defaultValues: { method: choices[0] },
  });
  const errors = errorsFor('method');
  return (
    <>
      <AuthHeading
        title="Two-step verification"
        subtitle="Choose how you'd like to get your code this time."
      />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormMessage message={state.message} />
        <MethodChoices id={id} methods={choices} errors={errors} field={register('method')} />
        <Button type="submit" pending={pending}>
          Continue
        </Button>
      </form>
      <div className="mt-6">
        <TryAnotherWay />
      </div>
      <BackToSignIn />
    </>
  );
}
