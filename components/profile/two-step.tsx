'use client';

import { useState } from 'react';
import {
  confirmAuthenticatorSetupAction,
  startAuthenticatorSetupAction,
  turnOffTwoStepAction,
} from '@/components/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { groupKey, authenticatorCodeSchema } from '@/lib/validation/authenticator';
import { proofSchema, authenticatorTurnOffSchema } from '@/lib/validation/proof';
import { ProofFields, AUTHENTICATOR_CODE_LABEL } from './proof-fields';

const setupProofSchema = proofSchema(false);

function CopyKey({ secret }: { secret: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => void copy()}>
        {copied === 'yes' ? 'Copied' : 'Copy key'}
      </Button>
      <span className="sr-only" role="status">
        {copied === 'yes'
          ? 'Key copied.'
          : copied === 'no'
            ? 'Copying did not work: select the key and copy it.'
            : ''}
      </span>
    </>
  );
}

/** Scan (or type) the key, then prove it with a code; the secret lives only in this component. */
function SetupSteps({ secret, qr, onDone }: { secret: string; qr: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, code } = useActionForm({
    schema: authenticatorCodeSchema,
    action: confirmAuthenticatorSetupAction,
    defaultValues: { code: [] as string[] },
    resilient: true,
    onSuccess: () => onDone(),
  });
  return (
    <div className="flex flex-col gap-5">
      <ol className="text-ink flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <div
            role="img"
            aria-label="QR code for your authenticator app"
            className="mx-auto mt-3 size-44 [&>svg]:size-full"
            // An SVG string qrcode made on the server from our own otpauth URI; no markup of anyone's.
            dangerouslySetInnerHTML={{ __html: qr }}
          />
          <p className="mt-3">Can&apos;t scan it? Enter this key in the app instead:</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              translate="no"
              // Four groups a line: the key reads as two even rows, the way apps show it.
              className="bg-surface-muted text-ink block w-fit max-w-[calc(20ch+1.5rem)] rounded-lg px-3 py-2 font-mono text-base tracking-wide select-all"
            >
              {groupKey(secret)}
            </code>
            <CopyKey secret={secret} />
          </div>
        </li>
        <li>Enter the 6-digit code the app shows for Creator Dashboard.</li>
      </ol>
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

/**
 * The setup dialog's body: the password first (ASVS 3.7.1), and only then does Cognito make a new
 * secret. Setup is offered while two-step is off, so a code is asked for only if Cognito wants one.
 */
export function AuthenticatorSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: setupProofSchema,
    action: startAuthenticatorSetupAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
  });
  const secret = state.status === 'success' ? state.data?.secret : undefined;
  const qr = state.status === 'success' ? state.data?.qr : undefined;
  if (secret && qr) return <SetupSteps secret={secret} qr={qr} onDone={onDone} />;
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

/** Turning off proves the password and a current code (docs/decisions/005-turning-off-mfa.md). */
export function AuthenticatorTurnOff({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: authenticatorTurnOffSchema,
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
