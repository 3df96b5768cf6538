'use client';

import { forwardRef, useId } from 'react';
import type { Message } from '@/lib/messages';
import { MessageText } from './message-text';

export type FieldProps = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  errors?: Message[];
  /** Content placed inside the input's box on the right (e.g. a show/hide toggle). */
  trailing?: React.ReactNode;
};

/** A labelled input whose hint and errors are tied to it with aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, hint, errors = [], trailing, id, className = '', ...input },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const invalid = errors.length > 0;
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-ink-subtle read-only:bg-surface-muted read-only:text-ink-muted focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 ${trailing ? 'pr-12' : ''} ${invalid ? 'border-danger' : 'border-surface-border'}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {invalid && (
        <ul id={errorId} className="flex flex-col gap-0.5 text-sm text-danger">
          {errors.map((e) => (
            <li key={e.text}>
              <MessageText message={e} />
            </li>
          ))}
        </ul>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
});
