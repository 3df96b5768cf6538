'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { Message } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { FieldMessages, describedBy } from './field-messages';

export const OTP_LENGTH = 6;

type Props = {
  name: string;
  label: string;
  value: string[];
  onChange: (digits: string[]) => void;
  errors?: Message[];
  hint?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

export function digitsOf(text: string): string[] {
  return text.replace(/\D/g, '').slice(0, OTP_LENGTH).split('');
}

/** docs/product.md §5.4. Each box submits as `name`, so the form sends all six. */
export function OtpInput({
  name,
  label,
  value,
  onChange,
  errors = [],
  hint,
  autoFocus,
  disabled,
}: Props) {
  const id = useId();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const [digitsOnly, setDigitsOnly] = useState(false);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');
  const focus = (i: number) => refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))]?.focus();

  const fill = (from: number, incoming: string[]) => {
    const next = [...digits];
    incoming.forEach((d, k) => {
      if (from + k < OTP_LENGTH) next[from + k] = d;
    });
    onChange(next);
    focus(from + incoming.length);
  };

  // Digits typed before hydration are in the boxes but not the form, and the first render would
  // wipe them: hand them to the form once, on mount, and go on typing after the last.
  useEffect(() => {
    const typed = digitsOf(refs.current.map((box) => box?.value ?? '').join(''));
    if (typed.length === 0 || typed.join('') === value.join('')) return;
    onChange(typed);
    if (refs.current.some((box) => box === document.activeElement)) focus(typed.length);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what the server's page held, once
  }, []);

  const shown = [...errors];
  if (digitsOnly && !shown.some((e) => e.text === MSG.codeDigitsOnly))
    shown.unshift({ text: MSG.codeDigitsOnly });

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-1.5"
      aria-describedby={describedBy(id, shown, hint)}
    >
      <legend className="text-ink mb-1.5 text-sm font-medium">{label}</legend>
      <div className="flex gap-2 sm:gap-3">
        {digits.map((d, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            name={name}
            value={d}
            disabled={disabled}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={i === 0 ? OTP_LENGTH : 1}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={autoFocus && i === 0}
            aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
            aria-invalid={shown.length > 0 || undefined}
            className={`text-ink focus:outline-focus bg-surface size-11 min-w-0 rounded-lg border text-center text-xl font-semibold shadow-sm focus:outline-2 focus:outline-offset-0 sm:size-12 ${shown.length ? 'border-danger' : 'border-surface-border'}`}
            onChange={(e) => {
              const typed = e.target.value;
              const incoming = digitsOf(typed);
              setDigitsOnly(typed !== '' && incoming.length === 0);
              if (typed === '') {
                const next = [...digits];
                next[i] = '';
                onChange(next);
              } else if (incoming.length > 0) {
                // The first box takes a whole autofilled code; others take their newest digit.
                fill(i, incoming.length > 1 ? incoming : [incoming[incoming.length - 1]!]);
              }
            }}
            onPaste={(e) => {
              e.preventDefault();
              const incoming = digitsOf(e.clipboardData.getData('text'));
              setDigitsOnly(incoming.length === 0);
              if (incoming.length) fill(i, incoming);
            }}
            onKeyDown={(e) => {
              // A digit replaces this box's digit and moves on, whatever the selection.
              if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
                e.preventDefault();
                setDigitsOnly(false);
                fill(i, [e.key]);
              } else if (e.key === 'Backspace' && !digits[i] && i > 0) {
                e.preventDefault();
                const next = [...digits];
                next[i - 1] = '';
                onChange(next);
                focus(i - 1);
              } else if (e.key === 'ArrowLeft') {
                e.preventDefault();
                focus(i - 1);
              } else if (e.key === 'ArrowRight') {
                e.preventDefault();
                focus(i + 1);
              } else if (['e', 'E', '+', '-', '.'].includes(e.key)) {
                e.preventDefault();
                setDigitsOnly(true);
              }
            }}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      <FieldMessages id={id} errors={shown} hint={hint} live />
    </fieldset>
  );
}
