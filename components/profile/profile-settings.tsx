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
  NameForm,
  NewRecoveryCodes,
  PasswordForm,
  Passkeys,
  PhoneFlow,
} from './dialog-bodies';
import { RECOVERY_CODE_COUNT } from '@/lib/two-step/recovery-count';
import {
  Card,
  DangerZone,
  PendingEmail,
  Section,
  SignOutEverywhereCard,
  SignOutEverywhereDialog,
} from './cards';
import { afterAppOff, askedMethod, methodsSummary, proofNote, twoStepSummary } from './summaries';
import { SuccessDialog } from './success-dialog';
import { GoogleProfile } from './google-profile';
import type { Open, ProfileValues } from './profile-values';

export function ProfileSettings({
  values,
  children,
}: {
  values: ProfileValues;
  /** Sections the page renders itself (devices, activity), placed before the danger zone. */
  children?: React.ReactNode;
}) {
  // Back from Google without a deletion: the dialog opens again and says why.
  const [open, setOpen] = useState<Open>(
    values.provider && values.deletion ? { card: 'delete-account' } : null,
  );
  useEffect(() => {
    // A reload does not say it again.
    if (values.deletion) window.history.replaceState(null, '', '/profile#danger-zone');
  }, [values.deletion]);
  const editButton = useRef<HTMLButtonElement | null>(null);
  const emailButton = useRef<HTMLButtonElement | null>(null);
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
  // Proof of identity takes the app's code only where sign-in asks for it.
  const proofWithApp = askedMethod(values.mfa) === 'SOFTWARE_TOKEN_MFA';
  const done = (others?: OthersOutcome) => setOpen({ card: 'done', others });

  if (values.provider)
    return (
      <GoogleProfile values={values} open={open} start={start} close={close} finish={finish} />
    );

  return (
    <>
      <Section title="Personal info">
        <Card
          title="Name"
          value={values.name || 'Not set'}
          onEdit={(b) => start(b, { card: 'name' })}
        />
        <Card
          title="Email Address"
          value={<EmailText email={values.email} />}
          onEdit={(b) => start(b, { card: 'email', mode: { step: 'update' } })}
          buttonRef={emailButton}
        >
          {values.pendingEmail && (
            <PendingEmail
              email={values.pendingEmail}
              onVerify={(b) =>
                start(b, { card: 'email', mode: { step: 'verify', email: values.pendingEmail! } })
              }
              // The row goes: focus to the card's own button rather than the page's start.
              onCancelled={() => setTimeout(() => emailButton.current?.focus(), 0)}
            />
          )}
        </Card>
        <Card
          title="Phone Number"
          value={values.phone ? formatPhone(values.phone) : 'Not set'}
          note={values.phone && !values.phoneVerified ? 'Not verified' : undefined}
          onEdit={(b) => start(b, { card: 'phone', mode: { step: 'update' } })}
        />
      </Section>
      <Section title="Security" id="security">
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
        {values.passkeys && (
          <Card
            title="Passkeys"
            value={
              values.passkeys.length === 0
                ? 'None yet'
                : values.passkeys.length === 1
                  ? '1 passkey'
                  : `${values.passkeys.length} passkeys`
            }
            action="Manage"
            actionName="Manage passkeys"
            onEdit={(b) => start(b, { card: 'passkeys' })}
          />
        )}
        <SignOutEverywhereCard onEdit={(b) => start(b, { card: 'sign-out-everywhere' })} />
      </Section>
      <Section title="Two-step verification" description={twoStepSummary(values.mfa)}>
        <Card
          title="Authenticator app"
          value={values.twoStep === null ? 'Unknown' : values.twoStep ? 'On' : 'Off'}
          note={
            values.twoStep === null
              ? 'We could not check it just now. Reload to try again.'
              : undefined
          }
          action={values.twoStep ? 'Turn off' : 'Set up'}
          actionName={
            values.twoStep ? 'Turn off two-step verification' : 'Set up two-step verification'
          }
          onEdit={
            values.twoStep === null
              ? undefined
              : (b) => start(b, { card: values.twoStep ? 'two-step-off' : 'two-step-setup' })
          }
        />
        <Card
          title="Codes by text or email"
          value={values.mfa ? methodsSummary(values.mfa) : 'Unknown'}
          note={
            values.mfa === null
              ? 'We could not check it just now. Reload to try again.'
              : values.mfa.methods.length === 0 && values.phone && !values.phoneVerified
                ? 'Verify your phone number to get codes by text message.'
                : undefined
          }
          action="Manage"
          actionName="Manage codes by text or email"
          onEdit={values.mfa === null ? undefined : (b) => start(b, { card: 'code-methods' })}
        />
        {values.twoStep && (
          <Card
            title="Recovery codes"
            value={
              values.recoveryLeft === null
                ? 'Unknown'
                : values.recoveryLeft === 0
                  ? 'None left'
                  : `${values.recoveryLeft} of ${RECOVERY_CODE_COUNT} left`
            }
            hint="Each signs you in once if you lose your authenticator app."
            note={
              values.recoveryLeft === null
                ? 'We could not check them just now. Reload to try again.'
                : values.recoveryLeft === 0
                  ? 'Get new ones, so a lost phone cannot lock you out.'
                  : values.recoveryLeft <= 2
                    ? 'Get new codes before you run out.'
                    : undefined
            }
            action="Get new codes"
            actionName="Get new codes"
            onEdit={(b) => start(b, { card: 'recovery-codes' })}
          />
        )}
      </Section>
      {children}
      <DangerZone onDelete={(b) => start(b, { card: 'delete-account' })} />

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
        <NameForm current={values.name} onDone={done} />
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

      <SuccessDialog
        open={open?.card === 'done'}
        others={open?.card === 'done' ? open.others : undefined}
        onClose={finish}
      />
    </>
  );
}
