import { EditButton } from './edit-button';
import type { Open } from './profile-values';

/**
 * The profile's building blocks, rendered on the server: a card, a section of cards, and the
 * cards both views show. Only a card's button runs in the browser (decision 063).
 */

export function Card({
  title,
  value,
  note,
  hint,
  opens,
  action = 'Edit',
  actionName = `Edit ${title}`,
  children,
  buttonId,
  danger = false,
}: {
  children?: React.ReactNode;
  /** A destructive action: its button says so. */
  danger?: boolean;
  /** Where focus may be sent back to the card's button from elsewhere. */
  buttonId?: string;
  title: string;
  value: React.ReactNode;
  note?: string;
  hint?: string;
  /** The dialog the card's button opens; no button without one. */
  opens?: Open;
  action?: string;
  actionName?: string;
}) {
  return (
    <li className="rounded-card border-surface-border shadow-card bg-surface flex flex-wrap items-center gap-x-4 gap-y-3 border p-4 sm:p-5">
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="text-ink-muted text-sm font-medium">{title}</h3>
        <p className="text-ink mt-1 text-base font-semibold">{value}</p>
        {note && <p className="text-danger mt-0.5 text-xs">{note}</p>}
        {hint && <p className="text-ink-muted mt-0.5 text-xs">{hint}</p>}
        {children}
      </div>
      {opens && (
        <EditButton
          id={buttonId}
          opens={opens}
          action={action}
          actionName={actionName}
          danger={danger}
        />
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
  const id = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
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

export function DangerZone() {
  return (
    <Section title="Danger zone" id="danger-zone">
      <Card
        title="Delete account"
        value="Your account and everything in it, for good"
        action="Delete account"
        actionName="Delete account"
        danger
        opens={{ card: 'delete-account' }}
      />
    </Section>
  );
}

export function SignOutEverywhereCard() {
  return (
    <Card
      title="Signed-in devices"
      value="All devices"
      action="Sign out everywhere"
      actionName="Sign out everywhere"
      opens={{ card: 'sign-out-everywhere' }}
    />
  );
}
