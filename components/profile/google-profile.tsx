'use client';

import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { Card, DangerZone, Section, SignOutEverywhereCard, SignOutEverywhereDialog } from './cards';
import { DeleteGoogleAccount } from './delete-google-account';
import type { Open, ProfileValues } from './profile-values';
import { FEDERATED_HINT } from './summaries';

/**
 * The profile of an account that signs in with Google (decision 048): what Google keeps is shown
 * as Google's, and the account's own sessions and deletion stay here.
 */
export function GoogleProfile({
  values,
  open,
  start,
  close,
  finish,
}: {
  values: ProfileValues;
  open: Open;
  start: (button: HTMLButtonElement, next: Open) => void;
  close: (isOpen: boolean) => void;
  finish: () => void;
}) {
  return (
    <>
      <Section title="Personal info">
        <Card title="Signs in with" value="Google" hint={FEDERATED_HINT} />
        <Card title="Name" value={values.name || 'Not set'} hint="From your Google account" />
        <Card
          title="Email Address"
          value={<EmailText email={values.email} />}
          hint="From your Google account"
        />
      </Section>
      <Section title="Security">
        <SignOutEverywhereCard onEdit={(b) => start(b, { card: 'sign-out-everywhere' })} />
        <Card
          title="Devices and two-step codes"
          value="Managed by Google"
          hint="Google asks for them when you sign in, and lists the devices signed in to your Google account."
        >
          <a
            className="text-brand-700 mt-2 inline-flex min-h-6 items-center text-sm font-medium underline"
            href="https://myaccount.google.com/security"
            target="_blank"
            rel="noopener noreferrer"
          >
            Your Google account&apos;s security
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Card>
      </Section>
      <DangerZone onDelete={(b) => start(b, { card: 'delete-account' })} />
      <SignOutEverywhereDialog
        open={open?.card === 'sign-out-everywhere'}
        onOpenChange={close}
        onCancel={finish}
      />
      <Dialog
        open={open?.card === 'delete-account'}
        onOpenChange={close}
        title="Delete your account?"
      >
        {open?.card === 'delete-account' && (
          <DeleteGoogleAccount
            email={values.email}
            outcome={values.deletion}
            supportEmail={values.supportEmail}
            onCancel={finish}
          />
        )}
      </Dialog>
    </>
  );
}
