'use client';

import type { Message } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { PasswordField } from './password-field';
import type { FieldProps } from './field';

type Registered = Omit<FieldProps, 'label' | 'errors' | 'type' | 'trailing'> & {
  errors: Message[];
};

export function NewPasswordFields({
  password,
  confirm,
  labels = ['New password', 'Confirm new password'],
}: {
  password: Registered;
  confirm: Registered;
  labels?: [string, string];
}) {
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        required
        hint={MSG.passwordHint}
        {...password}
      />
      <PasswordField label={labels[1]} autoComplete="new-password" required {...confirm} />
    </>
  );
}
