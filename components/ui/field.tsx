'use client';

import { forwardRef, useId } from 'react';
import { cn } from '@/lib/ui/cn';
import type { Message } from '@/lib/messages';
import { FieldMessages, describedBy } from './field-messages';

export type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  errors?: Message[];
  trailing?: React.ReactNode;
};

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, errors = [], trailing, id, className = '', ...input },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const invalid = errors.length > 0;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-ink text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(inputId, errors, hint)}
          className={cn(
            'text-ink placeholder:text-ink-subtle read-only:bg-surface-muted read-only:text-ink-muted focus:outline-focus bg-surface block min-h-11 w-full rounded-lg border px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-offset-0',
            trailing && 'pr-12',
            invalid ? 'border-danger' : 'border-surface-border',
          )}
          {...input}
        />
        {trailing && (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        )}
      </div>
      <FieldMessages id={inputId} errors={errors} hint={hint} />
    </div>
  );
});
