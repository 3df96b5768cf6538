import type { TrackedDevice } from '@/lib/cognito';
import { LocalTime } from '@/components/ui/local-time';
import { EditButton } from './edit-button';

/** The devices the pool tracks, rendered on the server; Forget opens its dialog (decision 063). */
export function Devices({
  devices,
  thisDevice,
}: {
  devices: TrackedDevice[];
  thisDevice?: string;
}) {
  if (devices.length === 0)
    return <p className="text-ink-muted text-sm">No devices are recorded for your account yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Your devices">
      {devices.map((d) => {
        const here = d.key === thisDevice;
        return (
          <li
            key={d.key}
            className="rounded-card border-surface-border shadow-card bg-surface flex flex-wrap items-center gap-x-4 gap-y-3 border p-4 sm:p-5"
          >
            <div className="min-w-0 flex-1 basis-48">
              <p className="text-ink flex flex-wrap items-center gap-2 text-base font-semibold">
                <span className="break-words">{d.name}</span>
                {here && (
                  <span className="bg-tint text-accent rounded-full px-2 py-0.5 text-xs font-medium">
                    This device
                  </span>
                )}
              </p>
              <p className="text-ink-muted mt-1 text-xs break-words">
                {d.createdAt && (
                  <>
                    First seen <LocalTime seconds={d.createdAt} /> ·{' '}
                  </>
                )}
                {d.lastSignInAt ? (
                  <>
                    Last sign-in <LocalTime seconds={d.lastSignInAt} />
                  </>
                ) : (
                  'No sign-in yet'
                )}
                {d.lastIp ? ` · ${d.lastIp}` : ''}
              </p>
              <p className="text-ink-muted mt-0.5 text-xs">
                {d.remembered ? 'Remembered: skips the two-step code' : 'Not remembered'}
              </p>
            </div>
            <EditButton
              opens={{ card: 'forget-device', device: d, here }}
              action="Forget"
              actionName={`Forget ${here ? 'this device' : d.name}`}
              danger={false}
            />
          </li>
        );
      })}
    </ul>
  );
}
