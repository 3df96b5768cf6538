'use client';

import { deleteAccountAction } from '@/lib/profile/account';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { loginPath } from '@/lib/messages/notices';
import { ProofFields } from './proof-fields';
import { DeletionConsequences } from './deletion-consequences';

/** The password (and current code with two-step on) before anything is deleted (decision 017). */
export function DeleteAccount({
  email,
  twoStep,
  supportEmail,
  onCancel,
}: {
  email: string;
  twoStep: boolean;
  supportEmail: string;
  onCancel: () => void;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.proofSchema(twoStep)),
    action: deleteAccountAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: (answer) => {
      if (answer.data?.left) window.location.replace(loginPath('account-deleted'));
    },
  });
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <DeletionConsequences
        deleted="Your sign-in, password, two-step verification, passkeys and devices are deleted."
        supportEmail={supportEmail}
      />
      <p className="text-ink text-sm font-medium">This can&apos;t be undone. Confirm it is you:</p>
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep={twoStep || Boolean(state.fieldErrors?.code)}
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}
