import type { SignInEvent } from '@/lib/cognito/admin';
import { formatDateTime } from '@/lib/format';

export function RecentActivity({ events }: { events: SignInEvent[] }) {
  if (events.length === 0)
    return <p className="text-ink-muted text-sm">No sign-ins are recorded yet.</p>;
  return (
    <ul
      className="rounded-card border-surface-border shadow-card divide-surface-border flex flex-col divide-y border bg-white"
      aria-label="Recent sign-ins"
    >
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="flex flex-wrap items-start gap-x-4 gap-y-1 p-4">
          <div className="min-w-0 flex-1 basis-48">
            <p className="text-ink text-sm font-semibold">{formatDateTime(e.at)}</p>
            <p className="text-ink-muted mt-0.5 text-xs break-words">
              {[e.device, e.place, e.ip].filter(Boolean).join(' · ') || 'Unknown device'}
            </p>
          </div>
          <p className={`text-sm font-medium ${e.passed ? 'text-success' : 'text-danger'}`}>
            {e.passed ? 'Signed in' : 'Failed attempt'}
          </p>
        </li>
      ))}
    </ul>
  );
}
