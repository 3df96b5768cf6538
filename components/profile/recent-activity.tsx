import { PROOF_PURPOSE, SIGN_IN_WAYS } from '@/lib/activity';
import type { SignInEvent } from '@/lib/activity/store';
import { LocalTime } from '@/components/ui/local-time';

/** What happened, in the words the list shows (decision 045). */
function outcome(e: SignInEvent): string {
  if (e.unfinished) return 'Right password, two-step not completed';
  if (e.proof) return e.passed ? 'Password confirmed' : 'Wrong password';
  if (e.passed) return 'Signed in';
  if (e.failedAt === 'two-step') return 'Wrong two-step code';
  if (e.failedAt === 'password') return 'Wrong password';
  if (e.way?.how === 'email-code') return 'Wrong emailed code';
  if (e.way) return e.way.how === 'password' ? 'Wrong password' : 'Wrong two-step code';
  return 'Failed attempt';
}

export function RecentActivity({ events }: { events: SignInEvent[] }) {
  if (events.length === 0)
    return <p className="text-ink-muted text-sm">No sign-ins are recorded yet.</p>;
  return (
    <ul
      className="rounded-card border-surface-border shadow-card divide-surface-border bg-surface flex flex-col divide-y border"
      aria-label="Recent activity"
    >
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="flex flex-wrap items-start gap-x-4 gap-y-1 p-4">
          <div className="min-w-0 flex-1 basis-48">
            <p className="text-ink text-sm font-semibold">
              <LocalTime seconds={e.at} />
            </p>
            {e.proof && (
              <p className="text-ink mt-0.5 text-sm">
                {PROOF_PURPOSE[e.proof.op] ?? 'In your profile'}
              </p>
            )}
            {e.passed && e.way && (
              <p className="text-ink mt-0.5 text-sm">{SIGN_IN_WAYS[e.way.how]}</p>
            )}
            <p className="text-ink-muted mt-0.5 text-xs break-words">
              {e.device ?? e.proof?.browser ?? e.way?.browser ?? 'Unknown browser'} ·{' '}
              {[e.place, e.ip].filter(Boolean).join(' · ') || 'Unknown place'}
            </p>
            {e.unfinished && (
              <p className="text-ink mt-0.5 text-sm">
                Not you? Someone may know your password:{' '}
                <a href="#security" className="text-accent font-medium underline">
                  change it
                </a>{' '}
                and sign out everywhere.
              </p>
            )}
          </div>
          <p className={`text-sm font-medium ${e.passed ? 'text-success' : 'text-danger'}`}>
            {outcome(e)}
          </p>
        </li>
      ))}
    </ul>
  );
}
