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
  twoStep,
  onCancel,
  onForgotten,
}: {
  device: TrackedDevice;
  here: boolean;
  /** Whether sign-in asks this account for a second step: the words say only what will happen. */
  twoStep: boolean;
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
        {forgetNote(here, twoStep, device.remembered)}
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

/** What forgetting does, for the account as it is (docs/product.md §8.4). */
export function forgetNote(here: boolean, twoStep: boolean, remembered: boolean): string {
  if (here)
    return twoStep
      ? ' is the device you are using. Forgetting it signs you out here, and your next sign-in on this browser asks for your two-step code again.'
      : ' is the device you are using. Forgetting it signs you out here.';
  if (!twoStep) return ' is signed out now: the next page it opens asks to sign in again.';
  return remembered
    ? ' is signed out now and no longer remembered: signing in there again asks for your two-step code.'
    : ' is signed out now: signing in there again asks for your password and two-step code.';
}
