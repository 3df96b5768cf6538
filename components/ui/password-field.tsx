'use client';

import { forwardRef, useCallback, useEffect, useRef, useState } from 'react';
import { Field, type FieldProps } from './field';

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** Spaces can't be typed or pasted (docs/product.md §5.6); ones typed before hydration go. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField({ onKeyDown, onChange, ...props }, ref) {
    const [visible, setVisible] = useState(false);
    const own = useRef<HTMLInputElement | null>(null);
    const setRef = useCallback(
      (el: HTMLInputElement | null) => {
        own.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      },
      [ref],
    );
    useEffect(() => {
      const el = own.current;
      if (!el || !/\s/.test(el.value)) return;
      // The native setter, so React sees a change, then an input event, so the form gets it too.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
        el,
        el.value.replace(/\s/g, ''),
      );
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, []);
    return (
      <Field
        {...props}
        ref={setRef}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        onKeyDown={(e) => {
          if (e.key === ' ') e.preventDefault();
          onKeyDown?.(e);
        }}
        onChange={(e) => {
          if (/\s/.test(e.target.value)) e.target.value = e.target.value.replace(/\s/g, '');
          onChange?.(e);
        }}
        trailing={
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={
              visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
            }
            aria-pressed={visible}
            className="text-ink-muted hover:text-ink inline-flex size-10 items-center justify-center rounded-md"
          >
            <EyeIcon open={visible} />
          </button>
        }
      />
    );
  },
);
