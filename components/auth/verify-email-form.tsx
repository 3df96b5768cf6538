'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { resendSignUpCodeAction, verifySignUpAction } from '@/components/auth/actions';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { OtpInput } from '@/components/ui/otp-input';
import { ResendRow } from '@/components/ui/resend-row';
import type { ActionState } from '@/lib/action-state';
import { MSG } from '@/lib/validation/messages';
import { AuthHeading } from './auth-heading';
import { useCodeForm } from './use-code-form';

/** Spec §4: after a correct code, say so and go to /login with the email after 5 s. */
export const FORWARD_DELAY_MS = 5000;

export function VerifyEmailForm({ email }: { email: string }) {
  const router = useRouter();
  const { state, pending, digits, setDigits, errors, onSubmit, formAction } =
    useCodeForm(verifySignUpAction);
  const [resent, setResent] = useState<{
    answer: ActionState<'code'>;
    after: ActionState<'code'>;
  } | null>(null);
  const [resending, startResend] = useTransition();
  const done = state.status === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => router.replace(`/login?email=${encodeURIComponent(email)}`),
      FORWARD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, router]);

  const resend = () =>
    startResend(async () => {
      const answer = await resendSignUpCodeAction();
      if (answer.unauthenticated) router.replace('/login');
      setResent({ answer, after: state });
      setDigits([]);
    });

  // The newest answer wins: a resend replaces the last try's message until the next try.
  const notice = resent && resent.after === state ? resent.answer : state;
  return (
    <>
      <AuthHeading
        title="Verify your email"
        subtitle={
          <>
            {MSG.codeEnter} We sent it to{' '}
            <strong className="text-ink font-semibold">{email}</strong>.
          </>
        }
      />
      {done ? (
        <FormMessage tone="success" message={state.message} />
      ) : (
        <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormMessage
            message={notice.message}
            tone={notice.status === 'success' ? 'info' : 'error'}
            onAction={resend}
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
          <ResendRow onResend={resend} pending={resending} />
        </form>
      )}
    </>
  );
}
