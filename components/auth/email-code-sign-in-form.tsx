'use client';

import {
  emailCodeSignInAction,
  emailCodeStartAction,
  resendSignInCodeAction,
} from '@/lib/auth/sign-in';
import { CodeForm } from '@/components/forms/code-form';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormMessage } from '@/components/ui/form-message';
import { ResendRow } from '@/components/ui/resend-row';
import { AuthHeading } from './auth-heading';
import { BackToSignIn } from './back-to-sign-in';

/** Cognito's EMAIL_OTP sign-in (USER_AUTH); the code is answered on the server. */
export function EmailCodeSignInForm({ defaultEmail }: { defaultEmail: string }) {
  const request = useActionForm({
    schema: () => import('@/lib/validation/schemas').then((m) => m.signInEmailSchema),
    action: emailCodeStartAction,
    defaultValues: { email: defaultEmail },
  });
  const email = request.state.data?.stage === 'code' ? request.state.data.email : undefined;
  if (email) return <CodeStage email={email} />;

  return (
    <>
      <AuthHeading
        title="Sign in with an email code"
        subtitle="Enter your account's email and we'll send you a sign-in code."
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
          Email me a code
        </Button>
      </form>
      <BackToSignIn />
    </>
  );
}

function CodeStage({ email }: { email: string }) {
  return (
    <>
      <AuthHeading
        title="Check your email"
        subtitle={
          <>
            If <strong className="text-ink font-semibold break-all">{email}</strong> has an account,
            we sent it a sign-in code. It works for 3 minutes.
          </>
        }
      />
      <CodeForm
        action={emailCodeSignInAction}
        resend={resendSignInCodeAction}
        submitLabel="Sign In"
        layout="page"
      >
        {({ resend, sending, wait, inMessage }) => (
          <ResendRow onResend={resend} pending={sending} wait={wait} inMessage={inMessage} />
        )}
      </CodeForm>
      <BackToSignIn />
    </>
  );
}
