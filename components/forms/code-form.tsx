'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { offersResend } from '@/components/ui/message-text';
import { OtpInput } from '@/components/ui/otp-input';
import { cn } from '@/lib/ui/cn';
import type { ActionState } from '@/lib/actions/state';
import type { FormAction } from './answer';
import { useActionForm, type SchemaLoader } from './use-action-form';
import { useResend } from './use-resend';

type Props<F extends string> = {
  action: FormAction<F>;
  schema?: SchemaLoader;
  hidden?: Record<string, string>;
  resend: () => Promise<ActionState<string>>;
  sendOnOpen?: boolean;
  submitLabel: string;
  resilient?: boolean;
  onSuccess?: (state: ActionState<F>) => void;
  success?: (state: ActionState<F>) => React.ReactNode;
  /** A page's code form spaces its parts a little wider than a dialog's. */
  layout?: 'page' | 'dialog';
  /** `inMessage`: the message offers the resend itself, so the form's own control hides. */
  children: (resend: {
    resend: () => void;
    sending: boolean;
    wait: number;
    inMessage: boolean;
  }) => React.ReactNode;
};

const verificationCode: SchemaLoader = () =>
  import('@/lib/validation/schemas').then((m) => m.verificationCodeSchema);

/** docs/product.md §5.4: a resend's note replaces the last try's message and empties the boxes. */
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
  layout = 'dialog',
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
  const { resend, sending, notice, wait } = useResend(send, state, {
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
      className={cn('flex flex-col', layout === 'page' ? 'gap-5' : 'gap-4')}
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
      {children({ resend, sending, wait, inMessage: offersResend(notice.message) })}
    </form>
  );
}
