'use client';

import { logoutAction } from '@/lib/auth/logout';
import { sendEmailCodeAction, verifyEmailAttributeAction } from '@/lib/profile/verify-email';
import { CodeForm } from '@/components/forms/code-form';
import { Button } from '@/components/ui/button';
import { ResendButton } from '@/components/ui/resend-button';
import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { MSG } from '@/lib/messages/fields';

/** Cannot be closed: verifying or signing out are the only ways on (docs/product.md §4.3). */
export function VerifyEmailDialog({ email }: { email: string }) {
  return (
    <Dialog
      open
      mandatory
      title="Verify your email"
      description={
        <>
          {MSG.codeEnter} (<EmailText email={email} />)
        </>
      }
    >
      <CodeForm
        action={verifyEmailAttributeAction}
        resend={sendEmailCodeAction}
        sendOnOpen
        submitLabel="Verify email"
      >
        {({ resend, sending, wait, inMessage }) => (
          <div className="flex items-center justify-between gap-2">
            <ResendButton onResend={resend} pending={sending} wait={wait} inMessage={inMessage} />
            <Button type="button" variant="secondary" onClick={() => void logoutAction()}>
              Sign out
            </Button>
          </div>
        )}
      </CodeForm>
    </Dialog>
  );
}
