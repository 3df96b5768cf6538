'use client';

import { useState, useTransition } from 'react';
import {
  preferMethodAction,
  proveTwoStepChangeAction,
  turnOffCodeMethodAction,
  turnOnCodeMethodAction,
} from '@/lib/profile/two-step';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { FormMessage } from '@/components/ui/form-message';
import type { MfaSettings } from '@/lib/cognito';
import { formatPhone } from '@/lib/format';
import type { Message } from '@/lib/messages';
import { METHOD_LABEL } from '@/lib/validation/two-step-methods';
import { ProofFields } from './proof-fields';
import { FLOW_MSG } from '@/lib/messages';
import { askedMethod } from './summaries';

type CodeMethod = 'SMS_MFA' | 'EMAIL_OTP';

function TurnOff({
  method,
  email,
  proofWithApp,
  onDone,
  onCancel,
}: {
  method: CodeMethod;
  email: string;
  proofWithApp: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () =>
      import('@/lib/validation/two-step').then((m) => m.codeMethodOffSchema(proofWithApp)),
    action: turnOffCodeMethodAction,
    defaultValues: { method, currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: () => onDone(),
  });
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      aria-label={`Turn off ${METHOD_LABEL[method].toLowerCase()} codes`}
      className="border-surface-border mt-3 flex flex-col gap-4 border-t pt-4"
    >
      <input type="hidden" {...register('method')} />
      <p className="text-ink text-sm">Confirm it is you to turn these codes off.</p>
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep={proofWithApp}
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Turn off
        </Button>
      </div>
    </form>
  );
}

function ProveChange({
  email,
  proofWithApp,
  onProved,
  onCancel,
}: {
  email: string;
  proofWithApp: boolean;
  onProved: () => void;
  onCancel: () => void;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.proofSchema(proofWithApp)),
    action: proveTwoStepChangeAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: () => onProved(),
  });
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      aria-label="Confirm it is you"
      className="border-surface-border flex flex-col gap-4 border-t pt-4"
    >
      <p className="text-ink text-sm">Confirm it is you to change how sign-in asks for codes.</p>
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep={proofWithApp || Boolean(state.fieldErrors?.code)}
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Continue
        </Button>
      </div>
    </form>
  );
}

/**
 * What email codes do to a password reset: the pool's recovery setting no longer sends its code
 * to the email (AccountRecoverySettingType: "Email MFA is also disqualifying for account recovery
 * with email"), so it goes by text to a verified phone, and without one none can come.
 */
function ResetNote({
  phoneVerified,
  onAddPhone,
}: {
  phoneVerified: boolean;
  onAddPhone: () => void;
}) {
  if (phoneVerified)
    return (
      <p className="text-ink-muted mt-1 text-xs">
        While email codes are on, a password reset code comes by text message to your phone, not to
        your email.
      </p>
    );
  return (
    <p className="text-ink-muted mt-1 text-xs">
      While email codes are on, a password reset code can&apos;t come to your email. Verify a phone
      number first, so you can still reset your password yourself.{' '}
      <button
        type="button"
        onClick={onAddPhone}
        className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
      >
        Verify a phone number
      </button>
    </p>
  );
}

export function CodeMethods({
  email,
  phone,
  phoneVerified,
  mfa,
  onDone,
  onAddPhone,
}: {
  email: string;
  phone: string;
  phoneVerified: boolean;
  mfa: MfaSettings;
  onDone: () => void;
  /** Opens the phone number's dialog in this one's place. */
  onAddPhone: () => void;
}) {
  const [turningOff, setTurningOff] = useState<CodeMethod | null>(null);
  const [message, setMessage] = useState<Message | undefined>();
  const [busy, startTransition] = useTransition();
  // The choice shows at once; the answer then closes the dialog (or says why not and reverts).
  const [preferred, setPreferred] = useState(mfa.preferred);
  const proofWithApp = askedMethod(mfa) === 'SOFTWARE_TOKEN_MFA';

  const [waiting, setWaiting] = useState<(() => Promise<Answer>) | null>(null);

  type Answer = { status: string; message?: Message; data?: Record<string, string> };
  const run = (call: () => Promise<Answer>, onRefused?: () => void) =>
    startTransition(async () => {
      setMessage(undefined);
      const answer = await call();
      if (answer.status === 'success') onDone();
      else if (answer.data?.proof === 'needed') setWaiting(() => call);
      else {
        onRefused?.();
        setMessage(answer.message ?? { text: FLOW_MSG.somethingWrong });
      }
    });

  if (waiting)
    return (
      <ProveChange
        email={email}
        proofWithApp={proofWithApp}
        onProved={() => {
          const call = waiting;
          setWaiting(null);
          run(call);
        }}
        onCancel={() => {
          setWaiting(null);
          setPreferred(mfa.preferred);
        }}
      />
    );

  const rows: { method: CodeMethod; where: string; ready: boolean; why?: string }[] = [
    {
      method: 'SMS_MFA',
      where: phone ? formatPhone(phone) : 'No phone number yet',
      ready: Boolean(phone) && phoneVerified,
      why: phone
        ? 'Verify your phone number first (Phone Number, above).'
        : 'Add and verify a phone number first (Phone Number, above).',
    },
    { method: 'EMAIL_OTP', where: email, ready: true },
  ];
  const on = mfa.methods;

  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={message} />
      <ul className="flex flex-col gap-3" aria-label="Two-step methods">
        {rows.map(({ method, where, ready, why }) => {
          const isOn = on.includes(method);
          const label = METHOD_LABEL[method];
          return (
            <li key={method} className="rounded-card border-surface-border border p-4">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <h3 className="text-ink text-sm font-semibold">{label}</h3>
                  <p className="text-ink-muted text-xs">
                    {method === 'EMAIL_OTP' ? <EmailText email={where} /> : where}
                  </p>
                  <p className="text-ink mt-1 text-xs font-medium">
                    {isOn ? 'On' : 'Off'}
                    {isOn && mfa.preferred === method ? ' · Asked for first' : ''}
                  </p>
                  {!isOn && !ready && why && <p className="text-ink-muted mt-1 text-xs">{why}</p>}
                  {method === 'EMAIL_OTP' && (
                    <ResetNote
                      phoneVerified={Boolean(phone) && phoneVerified}
                      onAddPhone={onAddPhone}
                    />
                  )}
                </div>
                {isOn ? (
                  turningOff !== method && (
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => setTurningOff(method)}
                      disabled={busy}
                    >
                      Turn off<span className="sr-only"> {label.toLowerCase()} codes</span>
                    </Button>
                  )
                ) : (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={!ready || busy}
                    onClick={() => run(() => turnOnCodeMethodAction(method))}
                  >
                    Turn on<span className="sr-only"> {label.toLowerCase()} codes</span>
                  </Button>
                )}
              </div>
              {turningOff === method && (
                <TurnOff
                  method={method}
                  email={email}
                  proofWithApp={proofWithApp}
                  onDone={onDone}
                  onCancel={() => setTurningOff(null)}
                />
              )}
            </li>
          );
        })}
      </ul>
      {on.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-ink mb-1 text-sm font-medium">Ask for first at sign-in</legend>
          {on.map((method) => (
            <label key={method} className="text-ink flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="preferred"
                value={method}
                checked={preferred === method}
                disabled={busy}
                onChange={() => {
                  setPreferred(method);
                  run(
                    () => preferMethodAction(method),
                    () => setPreferred(mfa.preferred),
                  );
                }}
                className="accent-brand-600 size-5"
              />
              {METHOD_LABEL[method]}
            </label>
          ))}
          {!preferred && (
            <p className="text-ink-muted text-xs">
              None is set: sign-in asks you to choose each time.
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
