'use client';

import { newRecoveryCodesAction } from '@/lib/profile/two-step';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { ProofFields } from './proof-fields';
import { RecoveryCodesList } from '@/components/ui/recovery-codes-list';

/** New codes need the password and the app's code; the old ones stop working. */
export function NewRecoveryCodes({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.proofSchema(true)),
    action: newRecoveryCodesAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
  });
  const codes = state.status === 'success' ? state.data?.codes?.split('\n') : undefined;
  if (codes) return <RecoveryCodesList codes={codes} onDone={onDone} />;
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <Button type="submit" pending={pending}>
        Get new codes
      </Button>
    </form>
  );
}
