'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useWebAuthn } from '@/components/auth/use-webauthn';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import {
  completePasskeyAction,
  provePasskeyAction,
  removePasskeyAction,
  renamePasskeyAction,
  startPasskeyAction,
} from '@/lib/profile/passkeys';
import { Field } from '@/components/ui/field';
import { PASSKEY_NAME_MAX } from '@/lib/validation/limits';
import { useActionForm } from '@/components/forms/use-action-form';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { ActionState } from '@/lib/actions/state';
import type { DescribedPasskey as Passkey } from '@/lib/passkeys/notes';
import { formatDate } from '@/lib/format';
import type { Message } from '@/lib/messages';
import { passkeyCeremonyMessage } from '@/lib/messages/passkeys';
import { ProofFields } from './proof-fields';

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

/**
 * With two-step on, whether a passkey signs the creator in (the pool counts a passkey that checked
 * its owner as two-step, decision 056) or not: said before one is added, never found out at sign-in.
 */
export function passkeyTwoStepNote(signsIn: boolean): string {
  return signsIn
    ? 'Two-step verification is on: a passkey signs you in without a code, once your fingerprint, face or screen lock confirms it is you.'
    : "Two-step verification is on, so a passkey can't sign you in here on its own: sign in with your password and a code.";
}

export function Passkeys({
  email,
  passkeys,
  twoStep,
  onDone,
}: {
  email: string;
  passkeys: Passkey[];
  /** With two-step on: whether a passkey signs in (see passkeyTwoStepNote); else undefined. */
  twoStep?: { passkeysSignIn: boolean };
  onDone: () => void;
}) {
  const supported = useWebAuthn();
  const [proof, setProof] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [naming, setNaming] = useState<Pick<Passkey, 'id' | 'name'> | null>(null);
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
    // Named right away, while the creator knows which device this is.
    const id = saved.data?.id;
    if (typeof id === 'string') {
      const name = saved.data?.name;
      setNaming({ id, name: typeof name === 'string' ? name : '' });
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
  if (renaming)
    return (
      <RenamePasskey
        passkey={renaming}
        onCancel={() => setRenaming(null)}
        onRenamed={() => {
          setRenaming(null);
          router.refresh();
        }}
      />
    );
  if (naming) return <RenamePasskey passkey={naming} added onCancel={onDone} onRenamed={onDone} />;
  if (proof) return <ProvePasskey email={email} onOptions={create} />;

  return (
    <div className="flex flex-col gap-4">
      <FormMessage message={message} />
      {twoStep && (
        <p className="text-ink text-sm" data-testid="passkey-two-step-note">
          {passkeyTwoStepNote(twoStep.passkeysSignIn)}
        </p>
      )}
      {passkeys.length === 0 ? (
        <p className="text-ink-muted text-sm">You have no passkeys yet.</p>
      ) : (
        <ul className="divide-surface-border flex flex-col divide-y" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-40">
                <p className="text-ink flex flex-wrap items-center gap-2 text-sm font-semibold">
                  <span className="min-w-0 truncate">{p.name}</span>
                  {p.madeHere && (
                    <span className="bg-tint text-accent rounded-full px-2 py-0.5 text-xs font-medium">
                      Made on this device
                    </span>
                  )}
                </p>
                {p.provider && <p className="text-ink-muted text-xs">{p.provider}</p>}
                <p className="text-ink-muted text-xs">
                  Added {formatDate(p.createdAt)} ·{' '}
                  {p.lastUsedAt
                    ? `Last used ${formatDate(p.lastUsedAt)}`
                    : 'Not used to sign in yet'}
                </p>
              </div>
              <div className="flex gap-2">
                <Button type="button" variant="secondary" onClick={() => setRenaming(p)}>
                  Rename<span className="sr-only"> {p.name}</span>
                </Button>
                <Button type="button" variant="secondary" onClick={() => setRemoving(p)}>
                  Remove<span className="sr-only"> {p.name}</span>
                </Button>
              </div>
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
    schema: () => import('@/lib/validation/proof').then((m) => m.proofSchema(false)),
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

/** A name of the creator's own, kept by us (the pool has no rename; decision 049). */
function RenamePasskey({
  passkey,
  added = false,
  onCancel,
  onRenamed,
}: {
  passkey: Pick<Passkey, 'id' | 'name'>;
  /** Just added: the name is asked for as its last step, and may be skipped. */
  added?: boolean;
  onCancel: () => void;
  onRenamed: () => void;
}) {
  const [name, setName] = useState(passkey.name);
  const [message, setMessage] = useState<Message>();
  const [errors, setErrors] = useState<Message[]>([]);
  const [pending, start] = useTransition();
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      setMessage(undefined);
      const answer = await renamePasskeyAction(passkey.id, name);
      if (leftForAnswer(answer)) return;
      if (answer.status === 'success') return onRenamed();
      setErrors(answer.fieldErrors?.name ?? []);
      setMessage(answer.message);
    });
  };
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <FormMessage message={message} />
      {added && (
        <p className="text-ink text-sm" role="status">
          Passkey added. Give it a name you&apos;ll recognise, such as the device it&apos;s on.
        </p>
      )}
      <Field
        label="Passkey name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setErrors([]);
        }}
        maxLength={PASSKEY_NAME_MAX}
        hint={`Up to ${PASSKEY_NAME_MAX} characters, for example 'Work laptop'.`}
        autoFocus
        required
        errors={errors}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {added ? 'Skip' : 'Cancel'}
        </Button>
        <Button type="submit" pending={pending}>
          Save name
        </Button>
      </div>
    </form>
  );
}
