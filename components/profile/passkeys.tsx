'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useWebAuthn } from '@/components/auth/use-webauthn';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  completePasskeyAction,
  provePasskeyAction,
  removePasskeyAction,
  startPasskeyAction,
} from '@/components/profile/actions';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { ActionState } from '@/lib/action-state';
import type { Passkey } from '@/lib/cognito';
import { formatDate } from '@/lib/format';
import type { Message } from '@/lib/messages';
import { passkeyCeremonyMessage } from '@/lib/messages/passkeys';
import { ProofFields } from './proof-fields';
import { loadSchema } from '@/lib/validation/load';

/** True when the answer took the person away (a full load: the router's cached /login stays). */
function leftForAnswer(answer: ActionState<string>): boolean {
  if (answer.unauthenticated) {
    window.location.replace('/login');
    return true;
  }
  if (answer.data?.signOut) {
    void import('@/components/dashboard/sign-out').then(({ signOutNow }) => signOutNow());
    return true;
  }
  return false;
}

export function Passkeys({
  email,
  passkeys,
  onDone,
}: {
  email: string;
  passkeys: Passkey[];
  onDone: () => void;
}) {
  const supported = useWebAuthn();
  const [proof, setProof] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [pending, start] = useTransition();
  const router = useRouter();

  const create = async (options: string) => {
    let credential: unknown;
    try {
      credential = await startRegistration({ optionsJSON: JSON.parse(options) });
    } catch (error) {
      setMessage({ text: passkeyCeremonyMessage(error, 'create') });
      return;
    }
    const saved = await completePasskeyAction(credential);
    if (leftForAnswer(saved)) return;
    if (saved.status !== 'success') {
      setMessage(saved.message);
      return;
    }
    onDone();
  };

  const add = () =>
    start(async () => {
      setMessage(undefined);
      const answer = await startPasskeyAction();
      if (leftForAnswer(answer)) return;
      if (answer.data?.proof === 'needed') setProof(true);
      else if (answer.status === 'success' && answer.data?.options)
        await create(answer.data.options);
      else setMessage(answer.message);
    });

  if (removing)
    return (
      <RemovePasskey
        passkey={removing}
        onCancel={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null);
          router.refresh();
        }}
      />
    );
  if (proof) return <ProvePasskey email={email} onOptions={create} />;

  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={message} />
      {passkeys.length === 0 ? (
        <p className="text-ink-muted text-sm">You have no passkeys yet.</p>
      ) : (
        <ul className="divide-surface-border flex flex-col divide-y" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-ink truncate text-sm font-semibold">{p.name}</p>
                <p className="text-ink-muted text-xs">Added {formatDate(p.createdAt)}</p>
              </div>
              <Button type="button" variant="secondary" onClick={() => setRemoving(p)}>
                Remove<span className="sr-only"> {p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported !== false ? (
        <Button type="button" pending={pending} onClick={add}>
          Add a passkey
        </Button>
      ) : (
        <p className="text-ink-muted text-sm">
          This browser can&apos;t create passkeys. Use a recent browser on your phone or computer to
          add one.
        </p>
      )}
    </div>
  );
}

/** The password first, for every passkey added (decision 014). */
function ProvePasskey({
  email,
  onOptions,
}: {
  email: string;
  onOptions: (options: string) => Promise<void>;
}) {
  const { state, pending, formAction, onSubmit, errorsFor, register, code } = useActionForm({
    schema: loadSchema.proof(false),
    action: provePasskeyAction,
    defaultValues: { currentPassword: '', code: [] as string[] },
    resilient: true,
    onSuccess: (answer: ActionState<string>) => {
      if (answer.data?.options) void onOptions(answer.data.options);
    },
  });
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-ink text-sm">First, confirm it is you with your password.</p>
      <FormMessage message={state.message} />
      <ProofFields
        email={email}
        twoStep={Boolean(state.fieldErrors?.code)}
        password={{ autoFocus: true, ...register('currentPassword') }}
        passwordErrors={errorsFor('currentPassword')}
        code={code('code')}
      />
      <Button type="submit" pending={pending}>
        Continue
      </Button>
    </form>
  );
}

function RemovePasskey({
  passkey,
  onCancel,
  onRemoved,
}: {
  passkey: Passkey;
  onCancel: () => void;
  onRemoved: () => void;
}) {
  const [message, setMessage] = useState<Message>();
  const [pending, start] = useTransition();
  const remove = () =>
    start(async () => {
      const answer = await removePasskeyAction(passkey.id);
      if (leftForAnswer(answer)) return;
      if (answer.status === 'success') onRemoved();
      else setMessage(answer.message);
    });
  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={message} />
      <p className="text-ink text-sm">
        Remove <strong className="font-semibold">{passkey.name}</strong>? You won&apos;t be able to
        sign in with it any more. You can add it again later.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" pending={pending} onClick={remove}>
          Remove passkey
        </Button>
      </div>
    </div>
  );
}
