'use client';

import { useState, useTransition } from 'react';
import { useCodeForm } from '@/components/auth/use-code-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import type { ActionState } from '@/lib/action-state';
import { useAnswerEffects } from './use-answer-effects';

type Props = {
  action: (prev: ActionState<'code'>, formData: FormData) => Promise<ActionState<'code'>>;
  resend: () => Promise<ActionState<'code'>>;
  resendLabel: string;
  /** Sent with the code (e.g. the new email address). */
  hidden?: Record<string, string>;
  /** Further buttons beside the resend one (e.g. Change Number). */
  extra?: React.ReactNode;
  onDone: () => void;
};

/** The 'verify' mode of the email and phone dialogs: six boxes, Verify, and a resend. */
export function CodeStep({ action, resend, resendLabel, hidden = {}, extra, onDone }: Props) {
  const { state, pending, digits, setDigits, errors, onSubmit, formAction } = useCodeForm(action);
  const [sent, setSent] = useState<{
    answer: ActionState<'code'>;
    after: ActionState<'code'>;
  } | null>(null);
  const [sending, startSend] = useTransition();
  useAnswerEffects(state, onDone);
  useAnswerEffects(sent?.answer ?? { status: 'idle' });

  const again = () =>
    startSend(async () => {
      const answer = await resend();
      setSent({ answer, after: state });
      setDigits([]);
    });

  // The newest answer wins: a resend's note replaces the last try's message until the next try.
  const notice = sent && sent.after === state ? sent.answer : state;
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormMessage
        message={notice.message}
        tone={notice.status === 'success' ? 'info' : 'error'}
        onAction={again}
      />
      <OtpInput
        name="code"
        label="Verification code"
        value={digits}
        onChange={setDigits}
        errors={errors}
        autoFocus
      />
      <Button type="submit" pending={pending}>
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" onClick={again} pending={sending}>
          {resendLabel}
        </Button>
        {extra}
      </div>
    </form>
  );
}
