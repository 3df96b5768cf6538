'use client';

import { useState, useTransition } from 'react';
import { cancelEmailChangeAction } from '@/lib/profile/email';
import { EmailText } from '@/components/ui/email-text';
import { APP_MSG } from '@/lib/messages';
import { openDialog } from './dialog-store';

/** 'Pending: new@… · Verify · Cancel change' under the address still in use. */
export function PendingEmail({ email, cardButtonId }: { email: string; cardButtonId: string }) {
  const [cancelling, startCancel] = useTransition();
  const [failed, setFailed] = useState(false);
  const link =
    'text-accent inline-flex min-h-6 items-center font-semibold hover:underline disabled:opacity-60';
  return (
    <div className="mt-2 text-sm" role="group" aria-label="Email change waiting">
      <p className="text-ink-muted">
        Pending: <EmailText email={email} /> — not verified yet.
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3">
        <button
          type="button"
          className={link}
          onClick={(e) =>
            openDialog(e.currentTarget, { card: 'email', mode: { step: 'verify', email } })
          }
        >
          Verify<span className="sr-only"> your new email</span>
        </button>
        <button
          type="button"
          className={link}
          disabled={cancelling}
          onClick={() =>
            startCancel(async () => {
              const answer = await cancelEmailChangeAction();
              setFailed(answer.status !== 'success');
              // The row goes: focus to the card's own button rather than the page's start.
              if (answer.status === 'success')
                setTimeout(() => document.getElementById(cardButtonId)?.focus(), 0);
            })
          }
        >
          Cancel change
        </button>
      </p>
      {failed && (
        <p role="alert" className="text-danger mt-1 text-xs">
          {APP_MSG.systemError}
        </p>
      )}
    </div>
  );
}
