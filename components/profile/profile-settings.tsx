'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatPhone } from '@/lib/format';
import { APP_MSG } from '@/lib/messages';
import { MSG } from '@/lib/validation/messages';
import { EmailFlow } from './email-flow';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { PhoneFlow, type PhoneMode } from './phone-flow';

export type ProfileValues = { name: string; email: string; phone: string; phoneVerified: boolean };

type Open =
  | { card: 'name' }
  | { card: 'password' }
  | { card: 'email'; mode: { step: 'update' } | { step: 'verify'; email: string } }
  | { card: 'phone'; mode: PhoneMode }
  | { card: 'done' }
  | null;

function Card({
  title,
  value,
  note,
  onEdit,
}: {
  title: string;
  value: React.ReactNode;
  note?: string;
  onEdit: (button: HTMLButtonElement) => void;
}) {
  return (
    <li className="rounded-card border-surface-border shadow-card flex items-center gap-4 border bg-white p-4 sm:p-5">
      <div className="min-w-0 flex-1">
        <h2 className="text-ink-muted text-sm font-medium">{title}</h2>
        <p className="text-ink mt-1 truncate text-base font-semibold">{value}</p>
        {note && <p className="text-danger mt-0.5 text-xs">{note}</p>}
      </div>
      <Button type="button" variant="secondary" onClick={(e) => onEdit(e.currentTarget)}>
        Edit<span className="sr-only"> {title}</span>
      </Button>
    </li>
  );
}

/** 'Profile Settings' (spec §2): one card per attribute, each opening its edit dialog. */
export function ProfileSettings({ values }: { values: ProfileValues }) {
  const [open, setOpen] = useState<Open>(null);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const start = (button: HTMLButtonElement, next: Open) => {
    editButton.current = button;
    setOpen(next);
  };
  // These dialogs have no Radix trigger, so focus goes back to the card's button by hand.
  const finish = () => {
    setOpen(null);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const close = (isOpen: boolean) => !isOpen && finish();
  const done = () => setOpen({ card: 'done' });

  return (
    <>
      <ul className="flex flex-col gap-3">
        <Card
          title="Name"
          value={values.name || 'Not set'}
          onEdit={(b) => start(b, { card: 'name' })}
        />
        <Card
          title="Email Address"
          value={values.email}
          onEdit={(b) => start(b, { card: 'email', mode: { step: 'update' } })}
        />
        <Card
          title="Phone Number"
          value={values.phone ? formatPhone(values.phone) : 'Not set'}
          note={values.phone && !values.phoneVerified ? 'Not verified' : undefined}
          onEdit={(b) => start(b, { card: 'phone', mode: { step: 'update' } })}
        />
        <Card
          title="Password"
          value={
            <>
              <span aria-hidden="true">••••••••</span>
              <span className="sr-only">Hidden</span>
            </>
          }
          onEdit={(b) => start(b, { card: 'password' })}
        />
      </ul>

      <Dialog open={open?.card === 'name'} onOpenChange={close} title="Edit name">
        <NameForm current={values.name} onDone={done} />
      </Dialog>

      <Dialog open={open?.card === 'password'} onOpenChange={close} title="Change password">
        <PasswordForm email={values.email} onDone={done} />
      </Dialog>

      <Dialog
        open={open?.card === 'email'}
        onOpenChange={close}
        title={
          open?.card === 'email' && open.mode.step === 'verify'
            ? 'Verify your new email'
            : 'Change email address'
        }
        description={
          open?.card === 'email' && open.mode.step === 'verify' ? (
            <>
              {MSG.codeEnter} We sent it to{' '}
              <strong className="text-ink font-semibold">{open.mode.email}</strong>. Until you
              verify it, you keep signing in with {values.email}.
            </>
          ) : undefined
        }
      >
        {open?.card === 'email' && (
          <EmailFlow
            current={values.email}
            mode={open.mode}
            onMode={(mode) => setOpen({ card: 'email', mode })}
            onDone={done}
          />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'phone'}
        onOpenChange={close}
        title={
          open?.card === 'phone' && open.mode.step === 'verify'
            ? 'Verify your phone number'
            : 'Change phone number'
        }
        description={
          open?.card === 'phone' && open.mode.step === 'verify' ? (
            <>
              Enter the 6-digit verification code we sent by text message to{' '}
              <strong className="text-ink font-semibold">{formatPhone(open.mode.phone)}</strong>.
            </>
          ) : undefined
        }
      >
        {open?.card === 'phone' && (
          <PhoneFlow
            current={values.phone}
            verified={values.phoneVerified}
            mode={open.mode}
            onMode={(mode) => setOpen({ card: 'phone', mode })}
            onDone={done}
          />
        )}
      </Dialog>

      <SuccessDialog open={open?.card === 'done'} onClose={finish} />
    </>
  );
}

/** 'All Set!' with a Close button (spec §4). Escape closes it too. */
function SuccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} mandatory title={APP_MSG.allSet}>
      <div
        className="flex justify-end"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <Button type="button" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
