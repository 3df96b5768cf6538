'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import {
  logoutAction,
  sendEmailCodeAction,
  verifyEmailAttributeAction,
} from '@/components/dashboard/actions';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import type { ActionState } from '@/lib/action-state';
import { MSG } from '@/lib/validation/messages';
import { useCodeForm } from './use-code-form';

/**
 * Spec §4: after sign-in with an unverified email, a dialog that cannot be closed sends a code,
 * takes it, and lets the person in. Signing out is the only other way out.
 */
export function VerifyEmailDialog({ email }: { email: string }) {
  const { state, pending, digits, setDigits, errors, onSubmit, formAction } = useCodeForm(
    verifyEmailAttributeAction,
  );
  const [sent, setSent] = useState<{
    answer: ActionState<'code'>;
    after: ActionState<'code'>;
  } | null>(null);
  const [sending, startSend] = useTransition();
  const once = useRef(false);
  const router = useRouter();

  const send = () =>
    startSend(async () => {
      const answer = await sendEmailCodeAction();
      if (answer.unauthenticated) router.replace('/login');
      setSent({ answer, after: state });
      setDigits([]);
    });

  useEffect(() => {
    if (once.current) return;
    once.current = true;
    send();
    // Send once on open; later sends are the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const notice = sent && sent.after === state ? sent.answer : state;
  return (
    <Dialog
      open
      mandatory
      title="Verify your email"
      description={
        <>
          {MSG.codeEnter} ({email})
        </>
      }
    >
      <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormMessage
          message={notice.message}
          tone={notice.status === 'success' ? 'info' : 'error'}
          onAction={send}
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
          Verify email
        </Button>
        <div className="flex items-center justify-between gap-2">
          <Button type="button" variant="ghost" onClick={send} pending={sending}>
            Resend Code
          </Button>
          <Button type="button" variant="secondary" onClick={() => void logoutAction()}>
            Log out
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
