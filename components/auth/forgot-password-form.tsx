'use client';

import { useState } from 'react';
import { forgotConfirmAction, forgotRequestAction, resendResetCodeAction } from '@/lib/auth/reset';
import { useActionForm } from '@/components/forms/use-action-form';
import { useResend } from '@/components/forms/use-resend';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormMessage } from '@/components/ui/form-message';
import { IntentLink } from '@/components/ui/intent-link';
import { OtpInput } from '@/components/ui/otp-input';
import { NewPasswordFields } from '@/components/ui/new-password-fields';
import { offersResend } from '@/components/ui/message-text';
import { ResendRow } from '@/components/ui/resend-row';
import type { Message } from '@/lib/messages';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';

export function ForgotPasswordForm({
  defaultEmail,
  pendingEmail,
  supportEmail,
}: {
  defaultEmail: string;
  /** A code already asked for from this browser: the page opens at its step. */
  pendingEmail?: string;
  supportEmail: string;
}) {
  const [restarted, setRestarted] = useState(false);
  const request = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.forgotRequestSchema),
    action: forgotRequestAction,
    defaultValues: { email: defaultEmail },
  });
  const answered = request.state.data?.stage === 'confirm' ? request.state.data.email : undefined;
  const texted = request.state.data?.stage === 'confirm' ? request.state.data.texted : undefined;
  const email =
    answered ?? (restarted || request.state.status !== 'idle' ? undefined : pendingEmail);
  if (email)
    return (
      <ConfirmStage
        key={email}
        email={email}
        texted={texted}
        supportEmail={supportEmail}
        sent={request.state.message}
        onOtherEmail={answered ? undefined : () => setRestarted(true)}
      />
    );

  return (
    <>
      <AuthHeading
        title="Reset your password"
        subtitle="Enter your account's email and we'll send you a code."
      />
      <form
        action={request.formAction}
        onSubmit={request.onSubmit}
        noValidate
        className="flex flex-col gap-4"
      >
        <FormMessage message={request.state.message} />
        <EmailField errors={request.errorsFor('email')} {...request.register('email')} />
        <Button type="submit" pending={request.pending}>
          Send code
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}

/**
 * `sent`: what the request's answer said about the code, when not simply that one went out;
 * `texted`: the masked phone it went to instead of the email (two-step by email codes).
 */
function ConfirmStage({
  email,
  texted,
  supportEmail,
  sent,
  onOtherEmail,
}: {
  email: string;
  texted?: string;
  supportEmail: string;
  sent?: Message;
  onOtherEmail?: () => void;
}) {
  const confirm = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.forgotConfirmSchema),
    action: forgotConfirmAction,
    defaultValues: {
      email,
      verificationCode: [] as string[],
      newPassword: '',
      confirmNewPassword: '',
    },
  });
  const { resend, sending, notice, wait } = useResend(
    () => resendResetCodeAction(email),
    confirm.state,
    {
      onSent: () => confirm.clearCode('verificationCode'),
    },
  );

  return (
    <>
      <AuthHeading
        title="Choose a new password"
        subtitle={
          texted ? (
            <>
              We sent a code by text message to{' '}
              <strong className="text-ink font-semibold">{texted}</strong>, the phone on{' '}
              <strong className="text-ink font-semibold break-all">{email}</strong>.
            </>
          ) : (
            <>
              If <strong className="text-ink font-semibold break-all">{email}</strong> has an
              account, we sent it a code.
            </>
          )
        }
      />
      <form
        action={confirm.formAction}
        onSubmit={confirm.onSubmit}
        noValidate
        className="flex flex-col gap-4"
      >
        <FormMessage
          message={notice.message ?? sent}
          tone={notice.status === 'success' || !notice.message ? 'info' : 'error'}
          onAction={resend}
        />
        <input type="hidden" {...confirm.register('email')} />
        <OtpInput label="Verification code" autoFocus {...confirm.code('verificationCode')} />
        <NewPasswordFields
          password={{
            errors: confirm.errorsFor('newPassword'),
            ...confirm.register('newPassword'),
          }}
          confirm={{
            errors: confirm.errorsFor('confirmNewPassword'),
            ...confirm.register('confirmNewPassword'),
          }}
        />
        <Button type="submit" pending={confirm.pending}>
          Reset password
        </Button>
        <ResendRow
          onResend={resend}
          pending={sending}
          wait={wait}
          inMessage={offersResend(notice.message)}
        />
      </form>
      {/* A pool hiding unknown users answers any address as if a code went out (decision 013). */}
      <p className="text-ink-muted mt-6 text-center text-sm">
        No code after a few minutes? Check your spam folder and the address above, or{' '}
        <IntentLink
          href={`/register?email=${encodeURIComponent(email)}`}
          className="text-accent font-semibold hover:underline"
        >
          create an account
        </IntentLink>
        .
      </p>
      {/* Email two-step takes resets off the email (AccountRecoverySettingType). */}
      <p className="text-ink-muted mt-3 text-center text-sm">
        With two-step codes by email, reset codes come by text message to your verified phone
        instead; without one,{' '}
        <a href={`mailto:${supportEmail}`} className="text-accent font-semibold hover:underline">
          email us
        </a>
        .
      </p>
      {onOtherEmail && (
        <p className="mt-3 text-center text-sm">
          <button
            type="button"
            onClick={onOtherEmail}
            className="text-accent inline-flex min-h-6 items-center font-semibold hover:underline"
          >
            Use another email
          </button>
        </p>
      )}
      <BackToSignIn />
    </>
  );
}
