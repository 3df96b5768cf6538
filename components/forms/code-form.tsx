'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { cn } from '@/lib/cn';
import type { ActionState } from '@/lib/action-state';
import type { FormAction } from './answer';
import { useActionForm, type SchemaLoader } from './use-action-form';
import { useResend } from './use-resend';
import { loadSchema } from '@/lib/validation/load';

type Props<F extends string> = {
  /** Takes `code` (the six boxes) and the `hidden` values. */
  action: FormAction<F>;
  /** The schema the action checks; the six boxes alone unless the action takes more. */
  schema?: SchemaLoader;
  /** Sent with the code (e.g. the new email address). */
  hidden?: Record<string, string>;
  /** Asks for a new code. */
  resend: () => Promise<ActionState<string>>;
  /** Send a first code as the form opens (once). */
  sendOnOpen?: boolean;
  submitLabel: string;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
  /** Replaces the form after a correct code, when given. */
  success?: (state: ActionState<F>) => React.ReactNode;
  className?: string;
  /** The resend control (and any buttons beside it), under the submit button. */
  children: (resend: { resend: () => void; sending: boolean }) => React.ReactNode;
};

const verificationCode: SchemaLoader = loadSchema.verificationCode;

/**
 * A code-entry form (docs/product.md §5.4): the form message, six boxes 'Verification code', the
 * submit button and a resend. A resend's note replaces the last try's message, the inline 'Resend
 * Code' of an expired-code message resends too, and a resend empties the boxes.
 */
export function CodeForm<F extends string>({
  action,
  schema = verificationCode,
  hidden = {},
  resend: send,
  sendOnOpen = false,
  submitLabel,
  resilient,
  onSuccess,
  success,
  className,
  children,
}: Props<F>) {
  const { state, pending, formAction, onSubmit, code, clearCode } = useActionForm({
    schema,
    action,
    defaultValues: { ...hidden, code: [] as string[] },
    resilient,
    onSuccess,
  });
  const codeField = 'code' as F & 'code';
  const { resend, sending, notice } = useResend(send, state, {
    resilient,
    onSent: () => clearCode(codeField),
  });

  const opened = useRef(false);
  useEffect(() => {
    if (!sendOnOpen || opened.current) return;
    opened.current = true;
    resend();
    // Send once on open; later sends are the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (success && state.status === 'success') return success(state);
  return (
    <form
      action={formAction}
      onSubmit={onSubmit}
      noValidate
      className={cn('flex flex-col gap-4', className)}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage
        message={notice.message}
        tone={notice.status === 'success' ? 'info' : 'error'}
        onAction={resend}
      />
      <OtpInput label="Verification code" autoFocus {...code(codeField)} />
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
      {children({ resend, sending })}
    </form>
  );
}
