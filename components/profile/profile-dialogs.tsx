'use client';

import { useEffect, useRef, useState } from 'react';
import type { OthersOutcome } from '@/lib/profile/account';
import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import { formatPhone } from '@/lib/format';
import { MSG } from '@/lib/messages/fields';
import {
  AuthenticatorSetup,
  AuthenticatorTurnOff,
  CodeMethods,
  DeleteAccount,
  EmailFlow,
  ForgetDevice,
  NameForm,
  NewRecoveryCodes,
  PasswordForm,
  Passkeys,
  PhoneFlow,
} from './dialog-bodies';
import { DeleteGoogleAccount } from './delete-google-account';
import { hostDialogs } from './dialog-store';
import {
  DRAFT_FIELD,
  dropDraft,
  isDraftCard,
  keepDraft,
  peekDraft,
  type DraftCard,
  type KeptDraft,
} from './draft';
import { useSessionEnded } from '@/components/dashboard/session-watch';
import { SignOutEverywhere } from './sign-out-everywhere';
import { afterAppOff, askedMethod, proofNote } from './summaries';
import { SuccessDialog } from './success-dialog';
import type { Open, ProfileValues } from './profile-values';

/** The dialog a kept draft opens, in the step it was typed in. */
function openFor(draft: KeptDraft | null): Open {
  if (!draft) return null;
  if (draft.card === 'name') return { card: 'name' };
  if (draft.card === 'email')
    return { card: 'email', mode: { step: 'update', email: draft.value } };
  return { card: 'phone', mode: { step: 'update', phone: draft.value } };
}

/**
 * The profile's dialogs and which one is open (decision 063): the cards' buttons ask for one
 * through the dialog store; this code arrives at the first reach for the page.
 */
export function ProfileDialogs({ values }: { values: ProfileValues }) {
  // Back from Google without a deletion: the dialog opens again and says why.
  // Typed before the session ended elsewhere: the dialog opens again with it (draft.ts).
  const [draft] = useState(() => peekDraft(values.email));
  const [current, setOpen] = useState<Open>(() =>
    values.provider && values.deletion ? { card: 'delete-account' } : openFor(draft),
  );
  useEffect(() => {
    if (draft) dropDraft();
  }, [draft]);
  // One dialog at a time: once the session has ended, only its own dialog shows (SessionWatch),
  // and what the open one held is kept for after the sign-in.
  const ended = useSessionEnded();
  const open = ended ? null : current;
  const typedRef = useRef<{ card: DraftCard; value: string }>(undefined);
  useEffect(() => {
    const card = current?.card;
    if (!card || !isDraftCard(card)) return;
    const onInput = (e: Event) => {
      const t = e.target;
      if (
        t instanceof HTMLInputElement &&
        t.name === DRAFT_FIELD[card] &&
        t.closest('[role="dialog"]')
      )
        typedRef.current = { card, value: t.value };
    };
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
      typedRef.current = undefined;
    };
  }, [current]);
  useEffect(() => {
    const typed = typedRef.current;
    if (ended && typed) keepDraft(typed.card, typed.value, values.email);
  }, [ended, values.email]);
  useEffect(() => {
    // A reload does not say it again.
    if (values.deletion) window.history.replaceState(null, '', '/profile#danger-zone');
  }, [values.deletion]);
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(
    () =>
      hostDialogs(({ button, next }) => {
        if (button) opener.current = button;
        setOpen(next);
      }),
    [],
  );
  // These dialogs have no Radix trigger, so focus goes back to the card's button by hand.
  const finish = () => {
    setOpen(null);
    setTimeout(() => opener.current?.focus(), 0);
  };
  const close = (isOpen: boolean) => !isOpen && finish();
  // Proof of identity takes the app's code only where sign-in asks for it.
  const proofWithApp = askedMethod(values.mfa) === 'SOFTWARE_TOKEN_MFA';
  const done = (others?: OthersOutcome) => setOpen({ card: 'done', others });

  if (values.provider)
    return (
      <>
        <SignOutEverywhereDialog
          open={open?.card === 'sign-out-everywhere'}
          onOpenChange={close}
          onCancel={finish}
        />
        <Dialog
          open={open?.card === 'delete-account'}
          onOpenChange={close}
          title="Delete your account?"
        >
          {open?.card === 'delete-account' && (
            <DeleteGoogleAccount
              email={values.email}
              outcome={values.deletion}
              supportEmail={values.supportEmail}
              onCancel={finish}
            />
          )}
        </Dialog>
      </>
    );

  return (
    <>
      <Dialog
        open={open?.card === 'delete-account'}
        onOpenChange={close}
        title="Delete your account?"
      >
        {open?.card === 'delete-account' && (
          <DeleteAccount
            email={values.email}
            twoStep={proofWithApp}
            supportEmail={values.supportEmail}
            onCancel={finish}
          />
        )}
      </Dialog>

      <Dialog open={open?.card === 'name'} onOpenChange={close} title="Edit name">
        <NameForm
          current={values.name}
          typed={draft?.card === 'name' ? draft.value : undefined}
          onDone={done}
        />
      </Dialog>

      <Dialog open={open?.card === 'password'} onOpenChange={close} title="Change password">
        <PasswordForm email={values.email} twoStep={proofWithApp} onDone={done} />
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
              <strong className="text-ink font-semibold">
                <EmailText email={open.mode.email} />
              </strong>
              . Until you verify it, you keep signing in with <EmailText email={values.email} />.
            </>
          ) : (
            proofNote('Enter your new email address', proofWithApp)
          )
        }
      >
        {open?.card === 'email' && (
          <EmailFlow
            current={values.email}
            twoStep={proofWithApp}
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
          ) : (
            proofNote('Enter the number', proofWithApp)
          )
        }
      >
        {open?.card === 'phone' && (
          <PhoneFlow
            email={values.email}
            current={values.phone}
            twoStep={proofWithApp}
            verified={values.phoneVerified}
            mode={open.mode}
            onMode={(mode) => setOpen({ card: 'phone', mode })}
            onDone={done}
          />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'two-step-setup'}
        onOpenChange={close}
        title="Set up two-step verification"
        description="Use an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password. After this, signing in asks for a code from the app."
      >
        {open?.card === 'two-step-setup' && (
          <AuthenticatorSetup email={values.email} onDone={() => done()} onSaved={finish} />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'two-step-off'}
        onOpenChange={close}
        title="Turn off two-step verification"
        description={`Enter your password and the current code from your authenticator app. ${afterAppOff(values.mfa)}`}
      >
        {open?.card === 'two-step-off' && (
          <AuthenticatorTurnOff email={values.email} onDone={() => done()} />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'recovery-codes'}
        onOpenChange={close}
        title="Get new recovery codes"
        description="Your old codes stop working. Enter your current password and the code from your authenticator app."
      >
        {open?.card === 'recovery-codes' && (
          <NewRecoveryCodes email={values.email} onDone={finish} />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'code-methods'}
        onOpenChange={close}
        title="Codes by text or email"
        description="Get your sign-in code by text message or email, besides or instead of an authenticator app. A code works for 3 minutes."
      >
        {open?.card === 'code-methods' && values.mfa && (
          <CodeMethods
            email={values.email}
            phone={values.phone}
            phoneVerified={values.phoneVerified}
            mfa={values.mfa}
            onDone={() => done()}
            onAddPhone={() => setOpen({ card: 'phone', mode: { step: 'update' } })}
          />
        )}
      </Dialog>

      <Dialog
        open={open?.card === 'passkeys'}
        onOpenChange={close}
        title="Passkeys"
        description="Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device and can't be phished."
      >
        {open?.card === 'passkeys' && values.passkeys && (
          <Passkeys
            email={values.email}
            passkeys={values.passkeys}
            twoStep={
              values.mfa && values.mfa.methods.length > 0
                ? { passkeysSignIn: values.passkeysSignInWithTwoStep }
                : undefined
            }
            onDone={() => done()}
          />
        )}
      </Dialog>

      <SignOutEverywhereDialog
        open={open?.card === 'sign-out-everywhere'}
        onOpenChange={close}
        onCancel={finish}
      />

      <Dialog
        open={open?.card === 'forget-device'}
        onOpenChange={close}
        title="Forget this device?"
      >
        {open?.card === 'forget-device' && (
          <ForgetDevice
            device={open.device}
            here={open.here}
            twoStep={(values.mfa?.methods.length ?? 0) > 0}
            onCancel={finish}
            onForgotten={finish}
          />
        )}
      </Dialog>

      <SuccessDialog
        open={open?.card === 'done'}
        others={open?.card === 'done' ? open.others : undefined}
        onClose={finish}
      />
    </>
  );
}

function SignOutEverywhereDialog({
  open,
  onOpenChange,
  onCancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign out everywhere?"
      description="This ends your sessions on every browser and phone, including this one. Other devices are signed out the next time they open your account, and within 5 minutes at most. Devices you chose to remember will ask for your code again."
    >
      <SignOutEverywhere onCancel={onCancel} />
    </Dialog>
  );
}
