'use client';

import { forwardRef } from 'react';
import { Field, type FieldProps } from '@/components/ui/field';
import { phoneInputValue } from '@/lib/format';

/** Keys a number field refuses (docs/product.md §5.5). */
export const BLOCKED_NUMBER_KEYS = new Set(['e', 'E', '+', '-', '.']);

export const PhoneField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(
  function PhoneField({ onKeyDown, onChange, ...props }, ref) {
    return (
      <Field
        {...props}
        ref={ref}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        onKeyDown={(e) => {
          if (BLOCKED_NUMBER_KEYS.has(e.key)) e.preventDefault();
          onKeyDown?.(e);
        }}
        onChange={(e) => {
          const input = e.target;
          const before = input.dataset.shown ?? '';
          let next = phoneInputValue(input.value);
          // Deleting only a bracket, space or dash would change nothing: take the digit before it.
          if (next === before && input.value.length < before.length) {
            const caret = input.selectionStart ?? input.value.length;
            const at = input.value.slice(0, caret).replace(/\D/g, '').length;
            const all = before.replace(/\D/g, '');
            if (at > 1) next = phoneInputValue(`+${all.slice(0, at - 1)}${all.slice(at)}`);
          }
          input.value = next;
          input.dataset.shown = next;
          onChange?.(e);
        }}
        onFocus={(e) => {
          e.target.dataset.shown = e.target.value;
          props.onFocus?.(e);
        }}
      />
    );
  },
);
