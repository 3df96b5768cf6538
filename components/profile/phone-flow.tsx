'use client';

import { useWatch } from 'react-hook-form';
import {
  requestPhoneChangeAction,
  resendPhoneCodeAction,
  verifyPhoneAction,
} from '@/app/(dashboard)/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { phoneInputValue } from '@/lib/format';
import { phoneSchema } from '@/lib/validation/schemas';
import { CodeStep } from './code-step';
import { PhoneField } from './phone-field';
import { resilient, resilientCall } from './resilient';
import { useAnswerEffects } from './use-answer-effects';

const requestAction = resilient(requestPhoneChangeAction);
const verifyAction = resilient(verifyPhoneAction);

export type PhoneMode = { step: 'update'; phone?: string } | { step: 'verify'; phone: string };

const digits = (s: string) => s.replace(/\D/g, '');

function UpdatePhone({
  current,
  verified,
  initial,
  onSent,
}: {
  current: string;
  verified: boolean;
  initial: string;
  onSent: (phone: string) => void;
}) {
  const { state, pending, form, formAction, onSubmit, errorsFor, register } = useActionForm({
    schema: phoneSchema,
    action: requestAction,
    defaultValues: { phoneNo: phoneInputValue(initial) },
  });
  useAnswerEffects(state, () => onSent(state.data?.phone ?? ''));
  const phone = useWatch({ control: form.control, name: 'phoneNo' }) ?? '';
  // An unverified number may be sent again as it is, to get a code.
  const changed =
    digits(phone) !== digits(phoneInputValue(current)) || (current !== '' && !verified);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage message={state.message} />
      <PhoneField
        label="Phone number"
        autoFocus
        required
        errors={errorsFor('phoneNo')}
        {...register('phoneNo')}
      />
      <Button type="submit" pending={pending} disabled={!changed}>
        Save
      </Button>
    </form>
  );
}

/** Spec §4: 'update' (the number), then 'verify' (the SMS code), with Change Number going back. */
export function PhoneFlow({
  current,
  verified,
  mode,
  onMode,
  onDone,
}: {
  current: string;
  verified: boolean;
  mode: PhoneMode;
  onMode: (mode: PhoneMode) => void;
  onDone: () => void;
}) {
  if (mode.step === 'update') {
    return (
      <UpdatePhone
        current={current}
        verified={verified}
        initial={mode.phone ?? current}
        onSent={(phone) => onMode({ step: 'verify', phone })}
      />
    );
  }
  return (
    <CodeStep
      action={verifyAction}
      resend={() => resilientCall(resendPhoneCodeAction)}
      resendLabel="Resend Code"
      onDone={onDone}
      extra={
        <Button
          type="button"
          variant="secondary"
          onClick={() => onMode({ step: 'update', phone: mode.phone })}
        >
          Change Number
        </Button>
      }
    />
  );
}
