/** What deleting the account does, the same for every kind of account but its first line. */
export function DeletionConsequences({
  deleted,
  supportEmail,
}: {
  /** What is deleted: the one line that differs between a password and a Google account. */
  deleted: string;
  supportEmail: string;
}) {
  return (
    <ul className="text-ink flex list-disc flex-col gap-1 pl-5 text-sm">
      <li>{deleted}</li>
      <li>You are signed out here and on every other device.</li>
      <li>
        Your creator record (channels, earnings and payments) is kept by the creator system, not by
        this sign-in: to have it removed, write to{' '}
        <a className="text-accent font-medium break-all underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </li>
    </ul>
  );
}
