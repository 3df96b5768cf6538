'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { forgetDeviceAction } from '@/lib/profile/account';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { TrackedDevice } from '@/lib/cognito';
import { loginPath } from '@/lib/messages/notices';
import type { Message } from '@/lib/messages';

/** The body of "Forget this device?". */
export function ForgetDevice({
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
