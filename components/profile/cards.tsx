'use client';

import { useId, useState, useTransition } from 'react';
import { cancelEmailChangeAction } from '@/lib/profile/email';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { APP_MSG } from '@/lib/messages';
import { SignOutEverywhere } from './sign-out-everywhere';

/** The profile's building blocks: a card, a section of cards, and the cards more than one view shows. */

export function Card({
  title,
  value,
  note,
  hint,
  onEdit,
  action = 'Edit',
  actionName = `Edit ${title}`,
  children,
  buttonRef,
  danger = false,
}: {
  children?: React.ReactNode;
  /** A destructive action: its button says so. */
  danger?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
  title: string;
  value: React.ReactNode;
  note?: string;
  hint?: string;
  onEdit?: (button: HTMLButtonElement) => void;
  action?: string;
  actionName?: string;
}) {
  return (
    <li className="rounded-card border-surface-border shadow-card flex flex-wrap items-center gap-x-4 gap-y-3 border bg-white p-4 sm:p-5">
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="text-ink-muted text-sm font-medium">{title}</h3>
        <p className="text-ink mt-1 text-base font-semibold">{value}</p>
        {note && <p className="text-danger mt-0.5 text-xs">{note}</p>}
        {hint && <p className="text-ink-muted mt-0.5 text-xs">{hint}</p>}
        {children}
      </div>
      {onEdit && (
        <Button
          ref={buttonRef}
          type="button"
          variant={danger ? 'danger' : 'secondary'}
          onClick={(e) => onEdit(e.currentTarget)}
        >
          {action}
          <span className="sr-only">{actionName.slice(action.length)}</span>
        </Button>
      )}
    </li>
  );
}

/** A part of the profile: a heading, a line on what it is for, and its cards. */
export function Section({
  title,
  description,
  children,
  id: anchor,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  /** Where a link may point. */
  id?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} id={anchor} className="mt-8 scroll-mt-20">
      <h2 id={id} className="text-ink mb-1 text-lg font-bold">
        {title}
      </h2>
      {description && <p className="text-ink-muted mb-4 text-sm">{description}</p>}
      <ul className={`flex flex-col gap-3 ${description ? '' : 'mt-3'}`}>{children}</ul>
    </section>
  );
}

export function DangerZone({ onDelete }: { onDelete: (button: HTMLButtonElement) => void }) {
  return (
    <Section title="Danger zone" id="danger-zone">
      <Card
        title="Delete account"
        value="Your account and everything in it, for good"
        action="Delete account"
        actionName="Delete account"
        danger
        onEdit={onDelete}
      />
    </Section>
  );
}

export function SignOutEverywhereCard({ onEdit }: { onEdit: (button: HTMLButtonElement) => void }) {
  return (
    <Card
      title="Signed-in devices"
      value="All devices"
      action="Sign out everywhere"
      actionName="Sign out everywhere"
      onEdit={onEdit}
    />
  );
}

export function SignOutEverywhereDialog({
  open,
  onOpenChange,
  onCancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign out everywhere?"
      description="This ends your sessions on every browser and phone, including this one. Other devices are signed out the next time they open your account, and within 5 minutes at most. Devices you chose to remember will ask for your code again."
    >
      <SignOutEverywhere onCancel={onCancel} />
    </Dialog>
  );
}

/** 'Pending: new@… · Verify · Cancel change' under the address still in use. */
export function PendingEmail({
  email,
  onVerify,
  onCancelled,
}: {
  email: string;
  onVerify: (button: HTMLButtonElement) => void;
  onCancelled: () => void;
}) {
  const [cancelling, startCancel] = useTransition();
  const [failed, setFailed] = useState(false);
  const link =
    'text-brand-700 inline-flex min-h-6 items-center font-semibold hover:underline disabled:opacity-60';
  return (
    <div className="mt-2 text-sm" role="group" aria-label="Email change waiting">
      <p className="text-ink-muted">
        Pending: <EmailText email={email} /> — not verified yet.
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3">
        <button type="button" className={link} onClick={(e) => onVerify(e.currentTarget)}>
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
              if (answer.status === 'success') onCancelled();
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
