'use client';

import {
  confirmAuthenticatorSetupAction,
  startAuthenticatorSetupAction,
  turnOffTwoStepAction,
} from '@/components/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { ProofFields, AUTHENTICATOR_CODE_LABEL } from './proof-fields';
import { AuthenticatorKey } from '@/components/ui/authenticator-key';
import { loadSchema } from '@/lib/validation/load';
import { RecoveryCodesList } from '@/components/ui/recovery-codes-list';

/** The secret lives only in this component. */
function SetupSteps({
  secret,
  qr,
  onDone,
  onSaved,
}: {
  secret: string;
  qr: string;
  onDone: () => void;
  onSaved: () => void;
}) {
  const { state, pending, formAction, onSubmit, code } = useActionForm({
    schema: loadSchema.authenticatorCode,
    action: confirmAuthenticatorSetupAction,
    defaultValues: { code: [] as string[] },
    resilient: true,
    onSuccess: (done) => {
      if (!done.data?.codes) onDone();
    },
  });
  const codes = state.status === 'success' ? state.data?.codes?.split('\n') : undefined;
  // One dialog: the codes say it is on, and 'I saved them' closes it (no second 'All Set!').
  if (codes)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="text-success text-sm font-semibold">
          Two-step verification is on.
        </p>
        <RecoveryCodesList codes={codes} onDone={onSaved} />
      </div>
    );
  return (
    <div className="flex flex-col gap-5">
      <AuthenticatorKey secret={secret} qr={qr} />
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage message={state.message} />
        <OtpInput label={AUTHENTICATOR_CODE_LABEL} {...code('code')} />
        <Button type="submit" pending={pending}>
          Turn on
        </Button>
      </form>
    </div>
  );
}

// Cognito makes a new secret only after the password (ASVS 3.7.1); a code only if it asks.
export function AuthenticatorSetup({
  email,
  onDone,
  onSaved = onDone,
}: {
  email: string;
  onDone: () => void;
  /** After the recovery codes: the dialog closes, nothing more to say. */
  onSaved?: () => void;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: loadSchema.proof(false),
    action: startAuthenticatorSetupAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
  });
  const secret = state.status === 'success' ? state.data?.secret : undefined;
  const qr = state.status === 'success' ? state.data?.qr : undefined;
  if (secret && qr) return <SetupSteps secret={secret} qr={qr} onDone={onDone} onSaved={onSaved} />;
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-ink text-sm">First, confirm it is you with your password.</p>
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep={Boolean(state.fieldErrors?.code)}
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <Button type="submit" pending={pending}>
        Continue
      </Button>
    </form>
  );
}

/** The password and a current code (decision 005). */
export function AuthenticatorTurnOff({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: loadSchema.authenticatorTurnOff,
    action: turnOffTwoStepAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: () => onDone(),
  });
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
        Turn off
      </Button>
    </form>
  );
}
