'use client';

import { OtpInput } from '@/components/ui/otp-input';
import { PasswordField } from '@/components/ui/password-field';
import type { FieldProps } from '@/components/ui/field';
import type { Message } from '@/lib/messages';

export const AUTHENTICATOR_CODE_LABEL = 'Code from your authenticator app';
export const SENT_CODE_LABEL = 'Code we sent you';

type PasswordProps = Omit<FieldProps, 'type' | 'trailing' | 'label' | 'errors'> & {
  ref?: React.Ref<HTMLInputElement>;
};

// Who is at the keyboard (ASVS 3.7.1); the hidden username lets password managers offer the
// right account's password.
export function ProofFields({
  email,
  twoStep,
  password,
  passwordErrors,
  code,
}: {
  email: string;
  twoStep: boolean;
  password: PasswordProps;
  passwordErrors: Message[];
  code: { name: string; value: string[]; onChange: (digits: string[]) => void; errors: Message[] };
}) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        required
        {...password}
        errors={passwordErrors}
      />
      {twoStep ? (
        <OtpInput label={AUTHENTICATOR_CODE_LABEL} {...code} />
      ) : (
        (code.errors.length > 0 || code.value.some(Boolean)) && (
          <OtpInput label={SENT_CODE_LABEL} autoFocus {...code} />
        )
      )}
    </>
  );
}
