'use client';

import { FieldMessages } from '@/components/ui/field-messages';
import { RadioCard } from '@/components/ui/radio-card';
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
          <RadioCard
            key={method}
            value={method}
            label={METHOD_LABEL[method]}
            hint={hints[method] ?? HINT[method]}
            hintId={`${id}-${method}`}
            {...field}
          />
        ))}
      </fieldset>
      <FieldMessages id={`${id}-error`} errors={errors} />
    </>
  );
}
