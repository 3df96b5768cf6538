'use client';

import { useEffect, useState } from 'react';
import {
  confirmAuthenticatorSetupAction,
  resumeAuthenticatorSetupAction,
  startAuthenticatorSetupAction,
  turnOffTwoStepAction,
} from '@/lib/profile/two-step';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { ProofFields, AUTHENTICATOR_CODE_LABEL } from './proof-fields';
import { AuthenticatorKey } from '@/components/ui/authenticator-key';
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
    schema: () => import('@/lib/validation/authenticator').then((m) => m.authenticatorCodeSchema),
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
  proved = false,
}: {
  email: string;
  onDone: () => void;
  /** After the recovery codes: the dialog closes, nothing more to say. */
  onSaved?: () => void;
  /** This sign-in proved the password already (a recovery code): start at the key. */
  proved?: boolean;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.proofSchema(false)),
    action: startAuthenticatorSetupAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
  });
  const [resumed, setResumed] = useState<{ secret: string; qr: string } | null>(null);
  const [asking, setAsking] = useState(proved);
  useEffect(() => {
    if (!proved) return;
    // The sign-in's own proof (a recovery code and the password): no password asked again.
    void resumeAuthenticatorSetupAction().then((answer) => {
      if (answer.status === 'success' && answer.data?.secret && answer.data.qr)
        setResumed({ secret: answer.data.secret, qr: answer.data.qr });
      setAsking(false);
    });
  }, [proved]);
  const secret = state.status === 'success' ? state.data?.secret : resumed?.secret;
  const qr = state.status === 'success' ? state.data?.qr : resumed?.qr;
  if (secret && qr) return <SetupSteps secret={secret} qr={qr} onDone={onDone} onSaved={onSaved} />;
  if (asking) return <p className="text-ink-muted text-sm">Getting your key…</p>;
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
    schema: () => import('@/lib/validation/proof').then((m) => m.authenticatorTurnOffSchema),
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
