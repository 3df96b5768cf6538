'use client';

import { useEffect, useRef, useState } from 'react';
import {
  confirmTotpSetupAction,
  startTotpSetupAction,
  turnOffTotpAction,
} from '@/app/(dashboard)/profile/actions';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Loader } from '@/components/ui/loader';
import { OtpInput } from '@/components/ui/otp-input';
import { PasswordField } from '@/components/ui/password-field';
import { idle, type ActionState } from '@/lib/action-state';
import { groupKey, totpSetupSchema, totpTurnOffSchema } from './authenticator';
import { resilient, resilientCall } from './resilient';
import { useAnswerEffects } from './use-answer-effects';
import { useTotpForm } from './use-totp-form';

const confirmAction = resilient(confirmTotpSetupAction);
const turnOffAction = resilient(turnOffTotpAction);

const CODE_LABEL = 'Code from your authenticator app';

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
  const { state, pending, digits, setDigits, errorsFor, onSubmit, formAction } =
    useTotpForm<'code'>(totpSetupSchema, confirmAction);
  useAnswerEffects(state, onDone);
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
        <OtpInput
          name="code"
          label={CODE_LABEL}
          value={digits}
          onChange={setDigits}
          errors={errorsFor('code')}
        />
        <Button type="submit" pending={pending}>
          Turn on
        </Button>
      </form>
    </div>
  );
}

/** The setup dialog's body: asks Cognito for a new secret when it opens. */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const [answer, setAnswer] = useState<ActionState<'code'> | null>(null);
  const started = useRef(false);
  const load = () => void resilientCall(startTotpSetupAction).then(setAnswer);
  useEffect(() => {
    // Once per opening: a second AssociateSoftwareToken would replace the key on show.
    if (started.current) return;
    started.current = true;
    load();
  }, []);
  useAnswerEffects(answer ?? idle);

  if (!answer) return <Loader label="Preparing your key…" className="py-8" />;
  const secret = answer.data?.secret;
  const qr = answer.data?.qr;
  if (answer.status !== 'success' || !secret || !qr) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage message={answer.message} />
        <Button
          type="button"
          onClick={() => {
            setAnswer(null);
            load();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return <SetupSteps secret={secret} qr={qr} onDone={onDone} />;
}

/** Turning off proves the password and a current code (docs/decisions/005-turning-off-mfa.md). */
export function TotpTurnOff({ email, onDone }: { email: string; onDone: () => void }) {
  const { state, pending, digits, setDigits, touched, errorsFor, onSubmit, formAction } =
    useTotpForm<'currentPassword' | 'code'>(totpTurnOffSchema, turnOffAction);
  useAnswerEffects(state, onDone);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormMessage message={state.message} />
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        autoFocus
        required
        errors={errorsFor('currentPassword')}
        onChange={touched}
      />
      <OtpInput
        name="code"
        label={CODE_LABEL}
        value={digits}
        onChange={setDigits}
        errors={errorsFor('code')}
      />
      <Button type="submit" pending={pending}>
        Turn off
      </Button>
    </form>
  );
}
