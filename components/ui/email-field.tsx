'use client';

import { forwardRef } from 'react';
import { Field, type FieldProps } from './field';

export const EmailField = forwardRef<
  HTMLInputElement,
  Omit<FieldProps, 'type' | 'label'> & { label?: string }
>(function EmailField({ label = 'Email', ...props }, ref) {
  return (
    <Field
      ref={ref}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
});
