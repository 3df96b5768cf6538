'use client';

import { useState, useTransition } from 'react';
import { resilientCall, useAnswerEffects } from '@/components/forms/answer';
import { signOutEverywhereAction } from '@/lib/profile/account';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { idle, type ActionState } from '@/lib/actions/state';

export function SignOutEverywhere({ onCancel }: { onCancel: () => void }) {
  const [answer, setAnswer] = useState<ActionState<never>>(idle);
  const [pending, start] = useTransition();
  useAnswerEffects(answer);
  const confirm = () =>
    start(async () => {
      const result = await resilientCall<never>(signOutEverywhereAction);
      // A full load: this page's data belongs to a session that no longer exists.
      if (result.status === 'success')
        window.location.replace('/login?reason=signed-out-everywhere');
      else setAnswer(result);
    });
  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={answer.message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button type="button" onClick={confirm} pending={pending}>
          Sign out everywhere
        </Button>
      </div>
    </div>
  );
}
