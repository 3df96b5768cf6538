'use client';

import { useId } from 'react';
import { chooseTwoStepMethodAction } from '@/components/auth/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FieldMessages } from '@/components/ui/field-messages';
import { FormMessage } from '@/components/ui/form-message';
import { METHOD_LABEL, type TwoStepMethod } from '@/lib/validation/two-step-methods';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';
import { TryAnotherWay } from './try-another-way';
import { loadSchema } from '@/lib/validation/load';

const HINT: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: 'A code from the app on your phone.',
  SMS_MFA: 'We text a code to your phone.',
  EMAIL_OTP: 'We email a code to you.',
};

/** SELECT_MFA_TYPE: several two-step methods are on and none is preferred; the creator picks. */
export function ChooseTwoStepForm({ choices }: { choices: TwoStepMethod[] }) {
  const id = useId();
  const { state, pending, formAction, onSubmit, register, errorsFor } = useActionForm({
    schema: loadSchema.twoStepMethod,
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
        <fieldset
          className="flex flex-col gap-3"
          aria-describedby={errors.length ? `${id}-error` : undefined}
        >
          <legend className="text-ink mb-2 text-sm font-medium">Verify with</legend>
          {choices.map((method) => (
            <label
              key={method}
              className="border-surface-border has-[:checked]:border-brand-600 has-[:focus-visible]:ring-brand-600 flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2"
            >
              <input
                type="radio"
                value={method}
                className="accent-brand-600 mt-0.5 size-5 shrink-0"
                aria-describedby={`${id}-${method}`}
                {...register('method')}
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-ink text-sm font-medium">{METHOD_LABEL[method]}</span>
                <span id={`${id}-${method}`} className="text-ink-muted text-xs">
                  {HINT[method]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <FieldMessages id={`${id}-error`} errors={errors} />
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
