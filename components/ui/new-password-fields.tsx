'use client';

import { forwardRef, useCallback, useState } from 'react';
import type { Message } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';
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
      <NewPasswordField label={labels[0]} {...password} />
      <PasswordField label={labels[1]} autoComplete="new-password" required {...confirm} />
    </>
  );
}

/** A new password's field with its rules as a checklist that fills in as it is typed. */
export const NewPasswordField = forwardRef<HTMLInputElement, Registered & { label: string }>(
  function NewPasswordField({ onChange, ...props }, ref) {
    const [value, setValue] = useState('');
    // Also what was typed before the page's scripts ran: read once the field is attached.
    const attach = useCallback(
      (el: HTMLInputElement | null) => {
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
        if (el?.value) setValue(el.value);
      },
      [ref],
    );
    return (
      <>
        <PasswordField
          ref={attach}
          autoComplete="new-password"
          required
          hint={MSG.passwordHint}
          {...props}
          onChange={(e) => {
            onChange?.(e);
            setValue(e.target.value);
          }}
        />
        <PasswordRules value={value} />
      </>
    );
  },
);
