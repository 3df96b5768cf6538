'use client';

import {
  requestEmailChangeAction,
  resendEmailChangeCodeAction,
  verifyEmailChangeAction,
} from '@/lib/profile/email';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { CodeStep } from './code-step';
import { ProofFields } from './proof-fields';

function UpdateEmail({
  current,
  initial,
  twoStep,
  onSent,
}: {
  current: string;
  initial: string;
  twoStep: boolean;
  onSent: (email: string) => void;
}) {
  const { state, pending, form, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.changeEmailProofSchema(twoStep)),
    action: requestEmailChangeAction,
    defaultValues: { email: initial, currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: (answer) => onSent(answer.data?.email ?? ''),
  });
  const email = form.watch('email') ?? '';
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
      <ProofFields
        email={current}
        // Also when the server asks for a code the page did not know was needed.
        twoStep={twoStep || Boolean(state.fieldErrors?.code)}
        password={register('currentPassword')}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <Button type="submit" pending={pending} disabled={!changed}>
        Save
      </Button>
    </form>
  );
}

export function EmailFlow({
  current,
  twoStep,
  mode,
  onMode,
  onDone,
}: {
  current: string;
  twoStep: boolean;
  mode: { step: 'update'; email?: string } | { step: 'verify'; email: string };
  onMode: (mode: { step: 'update' } | { step: 'verify'; email: string }) => void;
  onDone: () => void;
}) {
  if (mode.step === 'update')
    return (
      <UpdateEmail
        current={current}
        initial={mode.email ?? current}
        twoStep={twoStep}
        onSent={(email) => onMode({ step: 'verify', email })}
      />
    );
  return (
    <CodeStep
      action={verifyEmailChangeAction}
      schema={() => import('@/lib/validation/schemas').then((m) => m.verifyEmailChangeSchema)}
      resend={() => resendEmailChangeCodeAction(mode.email)}
      resendLabel="Send Again"
      hidden={{ email: mode.email }}
      onDone={onDone}
    />
  );
}
