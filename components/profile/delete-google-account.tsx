'use client';

import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { PendingLink } from '@/components/ui/pending-link';
import type { DeletionOutcome } from '@/lib/oauth/deletion';
import { DeletionConsequences } from './deletion-consequences';

const NOT_DELETED: Record<DeletionOutcome, (email: string) => string> = {
  cancelled: () => 'Your account was not deleted: the Google sign-in was cancelled.',
  'other-account': (email) =>
    `Your account was not deleted: that was a different Google account. Confirm with the Google account you sign in with here, ${email}.`,
  failed: () =>
    "Your account was not deleted: Google could not confirm it's you just now. Please try again.",
};

/** A Google account proves it is the creator with a new Google sign-in (decision 048). */
export function DeleteGoogleAccount({
  email,
  outcome,
  supportEmail,
  onCancel,
}: {
  email: string;
  outcome?: DeletionOutcome;
  supportEmail: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={outcome ? { text: NOT_DELETED[outcome](email) } : undefined} />
      <DeletionConsequences
        deleted="Your sign-in here is deleted. Your Google account itself is not touched."
        supportEmail={supportEmail}
      />
      <p className="text-ink text-sm font-medium">
        This can&apos;t be undone. To confirm it is you, Google asks you to sign in again; your
        account is deleted as soon as you do.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <PendingLink
          href="/api/auth/google/delete"
          className="bg-danger-fill inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-white hover:opacity-90"
        >
          Confirm with Google and delete
        </PendingLink>
      </div>
    </div>
  );
}
