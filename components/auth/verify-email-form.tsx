'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { resendSignUpCodeAction, verifySignUpAction } from '@/lib/auth/sign-up';
import { CodeForm } from '@/components/forms/code-form';
import { FormMessage } from '@/components/ui/form-message';
import { ResendRow } from '@/components/ui/resend-row';
import type { Message } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { AuthHeading } from './auth-heading';
import { EmailText } from '@/components/ui/email-text';

/** docs/product.md §9.2: from the success message to /login with the email filled in. */
export const FORWARD_DELAY_MS = 5000;

function Verified({ email, message }: { email: string; message?: Message }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(
      () => router.replace(`/login?email=${encodeURIComponent(email)}`),
      FORWARD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [email, router]);
  return <FormMessage tone="success" message={message} />;
}

export function VerifyEmailForm({ email }: { email: string }) {
  return (
    <>
      <AuthHeading
        title="Verify your email"
        subtitle={
          <>
            {MSG.codeEnter} We sent it to{' '}
            <strong className="text-ink font-semibold">
              <EmailText email={email} />
            </strong>
            .
          </>
        }
      />
      <CodeForm
        action={verifySignUpAction}
        resend={resendSignUpCodeAction}
        submitLabel="Verify email"
        success={(state) => <Verified email={email} message={state.message} />}
        layout="page"
      >
        {({ resend, sending, wait, inMessage }) => (
          <ResendRow onResend={resend} pending={sending} wait={wait} inMessage={inMessage} />
        )}
      </CodeForm>
    </>
  );
}
