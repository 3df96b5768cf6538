'use client';

import { useWatch } from 'react-hook-form';
import {
  requestEmailChangeAction,
  resendEmailChangeCodeAction,
  verifyEmailChangeAction,
} from '@/app/(dashboard)/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { changeEmailSchema } from '@/lib/validation/schemas';
import { CodeStep } from './code-step';
import { resilient, resilientCall } from './resilient';
import { useAnswerEffects } from './use-answer-effects';

const requestAction = resilient(requestEmailChangeAction);
const verifyAction = resilient(verifyEmailChangeAction);

function UpdateEmail({
  current,
  initial,
  onSent,
}: {
  current: string;
  initial: string;
  onSent: (email: string) => void;
}) {
  const { state, pending, form, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: changeEmailSchema,
    action: requestAction,
    defaultValues: { email: initial },
  });
  useAnswerEffects(state, () => onSent(state.data?.email ?? ''));
  const email = useWatch({ control: form.control, name: 'email' }) ?? '';
  const changed = email.trim().toLowerCase() !== current.toLowerCase();
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage message={state.message} />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        errors={errorsFor('email')}
        {...register('email')}
      />
      <Button type="submit" pending={pending} disabled={!changed}>
        Save
      </Button>
    </form>
  );
}

/** Spec §4: 'update' (the new address), then 'verify' (the code emailed to it). */
export function EmailFlow({
  current,
  mode,
  onMode,
  onDone,
}: {
  current: string;
  mode: { step: 'update' } | { step: 'verify'; email: string };
  onMode: (mode: { step: 'update' } | { step: 'verify'; email: string }) => void;
  onDone: () => void;
}) {
  if (mode.step === 'update')
    return (
      <UpdateEmail
        current={current}
        initial={current}
        onSent={(email) => onMode({ step: 'verify', email })}
      />
    );
  return (
    <CodeStep
      action={verifyAction}
      resend={() => resilientCall(() => resendEmailChangeCodeAction(mode.email))}
      resendLabel="Send Again"
      hidden={{ email: mode.email }}
      onDone={onDone}
    />
  );
}
