'use client';

import {
  requestPhoneChangeAction,
  resendPhoneCodeAction,
  verifyPhoneAction,
} from '@/lib/profile/phone';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { phoneInputValue } from '@/lib/format';
import { CodeStep } from './code-step';
import { PhoneField } from './phone-field';
import { ProofFields } from './proof-fields';

/** The password typed is held in memory for this dialog only, so Change Number need not ask again. */
export type PhoneMode =
  | { step: 'update'; phone?: string; password?: string }
  | { step: 'verify'; phone: string; password?: string };

const digits = (s: string) => s.replace(/\D/g, '');

function UpdatePhone({
  email,
  current,
  verified,
  initial,
  password,
  twoStep,
  onSent,
}: {
  email: string;
  current: string;
  verified: boolean;
  initial: string;
  password: string;
  twoStep: boolean;
  onSent: (phone: string, password: string) => void;
}) {
  const { state, pending, form, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: () => import('@/lib/validation/proof').then((m) => m.changePhoneProofSchema(twoStep)),
    action: requestPhoneChangeAction,
    defaultValues: {
      phoneNo: phoneInputValue(initial),
      currentPassword: password,
      code: [] as string[],
    },
    resilient: true,
    onSuccess: (answer) => onSent(answer.data?.phone ?? '', form.getValues('currentPassword')),
  });
  const phone = form.watch('phoneNo') ?? '';
  // An unverified number may be sent again as it is, to get a code.
  const changed =
    digits(phone) !== digits(phoneInputValue(current)) || (current !== '' && !verified);
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormMessage message={state.message} />
      <PhoneField
        label="Phone number"
        hint="US numbers only: +1 and 10 digits."
        autoFocus
        required
        errors={errorsFor('phoneNo')}
        {...register('phoneNo')}
      />
      <ProofFields
        email={email}
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

export function PhoneFlow({
  email,
  current,
  verified,
  twoStep,
  mode,
  onMode,
  onDone,
}: {
  email: string;
  current: string;
  verified: boolean;
  twoStep: boolean;
  mode: PhoneMode;
  onMode: (mode: PhoneMode) => void;
  onDone: () => void;
}) {
  if (mode.step === 'update') {
    return (
      <UpdatePhone
        email={email}
        current={current}
        verified={verified}
        twoStep={twoStep}
        initial={mode.phone ?? current}
        password={mode.password ?? ''}
        onSent={(phone, password) => onMode({ step: 'verify', phone, password })}
      />
    );
  }
  return (
    <CodeStep
      action={verifyPhoneAction}
      resend={resendPhoneCodeAction}
      resendLabel="Resend Code"
      onDone={onDone}
      extra={
        <Button
          type="button"
          variant="secondary"
          onClick={() => onMode({ step: 'update', phone: mode.phone, password: mode.password })}
        >
          Change Number
        </Button>
      }
    />
  );
}
