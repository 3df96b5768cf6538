'use client';

import { FieldMessages } from '@/components/ui/field-messages';
import type { Message } from '@/lib/messages';
import { METHOD_LABEL, type TwoStepMethod } from '@/lib/validation/two-step-methods';

const HINT: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: 'A code from the app on your phone.',
  SMS_MFA: 'We text a code to your phone.',
  EMAIL_OTP: 'We email a code to you.',
};

/** 'Verify with': one radio button per two-step method, with what each sends. */
export function MethodChoices({
  id,
  methods,
  errors,
  field,
  legend = 'Verify with',
  hints = HINT,
}: {
  id: string;
  methods: TwoStepMethod[];
  errors: Message[];
  field: React.InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  legend?: string;
  hints?: Partial<Record<TwoStepMethod, string>>;
}) {
  return (
    <>
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={errors.length ? `${id}-error` : undefined}
      >
        <legend className="text-ink mb-2 text-sm font-medium">{legend}</legend>
        {methods.map((method) => (
          <label
            key={method}
            className="border-surface-border has-[:checked]:border-focus has-[:focus-visible]:ring-focus flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2"
          >
            <input
              type="radio"
              value={method}
              className="accent-brand-600 mt-0.5 size-5 shrink-0"
              aria-describedby={`${id}-${method}`}
              {...field}
            />
            <span className="flex flex-col gap-0.5">
              <span className="text-ink text-sm font-medium">{METHOD_LABEL[method]}</span>
              <span id={`${id}-${method}`} className="text-ink-muted text-xs">
                {hints[method] ?? HINT[method]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldMessages id={`${id}-error`} errors={errors} />
    </>
  );
}
