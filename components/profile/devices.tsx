'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { forgetDeviceAction } from '@/lib/profile/account';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-message';
import type { TrackedDevice } from '@/lib/cognito';
import { LocalTime } from '@/components/ui/local-time';
import { loginPath } from '@/lib/messages/notices';
import type { Message } from '@/lib/messages';

export function Devices({
  devices,
  thisDevice,
}: {
  devices: TrackedDevice[];
  thisDevice?: string;
}) {
  const [forgetting, setForgetting] = useState<TrackedDevice | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setForgetting(null);
    setTimeout(() => opener.current?.focus(), 0);
  };
  if (devices.length === 0)
    return <p className="text-ink-muted text-sm">No devices are recorded for your account yet.</p>;
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Your devices">
        {devices.map((d) => {
          const here = d.key === thisDevice;
          return (
            <li
              key={d.key}
              className="rounded-card border-surface-border shadow-card flex flex-wrap items-center gap-x-4 gap-y-3 border bg-white p-4 sm:p-5"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="text-ink flex flex-wrap items-center gap-2 text-base font-semibold">
                  <span className="break-words">{d.name}</span>
                  {here && (
                    <span className="bg-brand-50 text-brand-700 rounded-full px-2 py-0.5 text-xs font-medium">
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
              <Button
                type="button"
                variant="secondary"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setForgetting(d);
                }}
              >
                Forget<span className="sr-only"> {here ? 'this device' : d.name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={forgetting !== null}
        onOpenChange={(open) => !open && close()}
        title="Forget this device?"
      >
        {forgetting && (
          <ForgetDevice
            device={forgetting}
            here={forgetting.key === thisDevice}
            onCancel={close}
            onForgotten={close}
          />
        )}
      </Dialog>
    </>
  );
}

function ForgetDevice({
  device,
  here,
  onCancel,
  onForgotten,
}: {
  device: TrackedDevice;
  here: boolean;
  onCancel: () => void;
  onForgotten: () => void;
}) {
  const [message, setMessage] = useState<Message>();
  const [pending, start] = useTransition();
  const router = useRouter();
  const forget = () =>
    start(async () => {
      const answer = await forgetDeviceAction(device.key);
      // This browser's own device, or a session that had ended: a full load of /login says why.
      if (answer.unauthenticated || answer.data?.left) {
        window.location.replace(loginPath(answer.data?.left ? 'device-forgotten' : undefined));
        return;
      }
      if (answer.status === 'success') {
        onForgotten();
        router.refresh();
      } else setMessage(answer.message);
    });
  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={message} />
      <p className="text-ink text-sm">
        <strong className="font-semibold break-words">{device.name}</strong>
        {here
          ? ' is the device you are using. Forgetting it signs you out here, and your next sign-in on this browser asks for your two-step code again.'
          : ' will no longer be remembered: its next sign-in asks for your two-step code, and it is signed out when its session next renews (within an hour).'}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" pending={pending} onClick={forget}>
          Forget device
        </Button>
      </div>
    </div>
  );
}
