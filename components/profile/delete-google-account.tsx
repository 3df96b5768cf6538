'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/loader';
import type { DeletionOutcome } from '@/lib/oauth/deletion';

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
  const [pending, setPending] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={outcome ? { text: NOT_DELETED[outcome](email) } : undefined} />
      <ul className="text-ink flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>Your sign-in here is deleted. Your Google account itself is not touched.</li>
        <li>You are signed out here and on every other device.</li>
        <li>
          Your creator record (channels, earnings and payments) is kept by the creator system, not
          by this sign-in: to have it removed, write to{' '}
          <a
            className="text-brand-700 font-medium break-all underline"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>
          .
        </li>
      </ul>
      <p className="text-ink text-sm font-medium">
        This can&apos;t be undone. To confirm it is you, Google asks you to sign in again; your
        account is deleted as soon as you do.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {/* A route handler: a full navigation to Google, never a prefetch. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a
          href="/api/auth/google/delete"
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
          onClick={(e) => {
            if (pending) e.preventDefault();
            else setPending(true);
          }}
          className="bg-danger inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold text-white hover:opacity-90 aria-disabled:cursor-progress"
        >
          {pending && <Spinner className="size-4" />}
          Confirm with Google and delete
        </a>
      </div>
    </div>
  );
}
