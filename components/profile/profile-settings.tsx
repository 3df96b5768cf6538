'use client';

import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { cancelEmailChangeAction, type OthersOutcome } from '@/components/profile/actions';
import { signOutNow } from '@/components/dashboard/sign-out';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { EmailText } from '@/components/ui/email-text';
import type { MfaSettings } from '@/lib/cognito';
import type { DescribedPasskey } from '@/lib/passkeys/notes';
import { formatPhone } from '@/lib/format';
import { APP_MSG } from '@/lib/messages';
import { MSG } from '@/lib/messages/fields';
import { EmailFlow } from './email-flow';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { Passkeys } from './passkeys';
import { PhoneFlow, type PhoneMode } from './phone-flow';
import { SignOutEverywhere } from './sign-out-everywhere';
import { AuthenticatorSetup, AuthenticatorTurnOff } from './two-step';
import { DeleteAccount } from './delete-account';
import { DeleteGoogleAccount } from './delete-google-account';
import type { DeletionOutcome } from '@/lib/oauth/deletion';
import { NewRecoveryCodes } from './recovery-codes';
import { RECOVERY_CODE_COUNT } from '@/lib/two-step/recovery-count';
import { askedMethod, CodeMethods, methodsSummary } from './code-methods';

export type ProfileValues = {
  name: string;
  email: string;
  /** An email change asked for in this session and not yet verified (or cancelled). */
  pendingEmail: string | null;
  phone: string;
  phoneVerified: boolean;
  /** null (here and below): Cognito could not say; passkeys too where the pool offers none. */
  twoStep: boolean | null;
  mfa: MfaSettings | null;
  passkeys: DescribedPasskey[] | null;
  /** Unspent recovery codes; null where they could not be read. */
  recoveryLeft: number | null;
  /** Whether the pool lets a passkey stand for two-step (decision 056). */
  passkeysSignInWithTwoStep: boolean;
  provider?: 'Google';
  supportEmail: string;
  /** Back from Google without a deletion: why (decision 048). */
  deletion?: DeletionOutcome;
};

type Open =
  | { card: 'name' }
  | { card: 'password' }
  | { card: 'email'; mode: { step: 'update' } | { step: 'verify'; email: string } }
  | { card: 'phone'; mode: PhoneMode }
  | { card: 'two-step-setup' }
  | { card: 'two-step-off' }
  | { card: 'recovery-codes' }
  | { card: 'code-methods' }
  | { card: 'sign-out-everywhere' }
  | { card: 'passkeys' }
  | { card: 'delete-account' }
  | { card: 'done'; others?: OthersOutcome }
  | null;

function Card({
  title,
  value,
  note,
  hint,
  onEdit,
  action = 'Edit',
  actionName = `Edit ${title}`,
  children,
  buttonRef,
  danger = false,
}: {
  children?: React.ReactNode;
  /** A destructive action: its button says so. */
  danger?: boolean;
  buttonRef?: React.Ref<HTMLButtonElement>;
  title: string;
  value: React.ReactNode;
  note?: string;
  hint?: string;
  onEdit?: (button: HTMLButtonElement) => void;
  action?: string;
  actionName?: string;
}) {
  return (
    <li className="rounded-card border-surface-border shadow-card flex flex-wrap items-center gap-x-4 gap-y-3 border bg-white p-4 sm:p-5">
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="text-ink-muted text-sm font-medium">{title}</h3>
        <p className="text-ink mt-1 text-base font-semibold">{value}</p>
        {note && <p className="text-danger mt-0.5 text-xs">{note}</p>}
        {hint && <p className="text-ink-muted mt-0.5 text-xs">{hint}</p>}
        {children}
      </div>
      {onEdit && (
        <Button
          ref={buttonRef}
          type="button"
          variant={danger ? 'danger' : 'secondary'}
          onClick={(e) => onEdit(e.currentTarget)}
        >
          {action}
          <span className="sr-only">{actionName.slice(action.length)}</span>
        </Button>
      )}
    </li>
  );
}

/** A part of the profile: a heading, a line on what it is for, and its cards. */
function Section({
  title,
  description,
  children,
  id: anchor,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  /** Where a link may point. */
  id?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} id={anchor} className="mt-8 scroll-mt-20">
      <h2 id={id} className="text-ink mb-1 text-lg font-bold">
        {title}
      </h2>
      {description && <p className="text-ink-muted mb-4 text-sm">{description}</p>}
      <ul className={`flex flex-col gap-3 ${description ? '' : 'mt-3'}`}>{children}</ul>
    </section>
  );
}

function DangerZone({ onDelete }: { onDelete: (button: HTMLButtonElement) => void }) {
  return (
    <Section title="Danger zone" id="danger-zone">
      <Card
        title="Delete account"
        value="Your account and everything in it, for good"
        action="Delete account"
        actionName="Delete account"
        danger
        onEdit={onDelete}
      />
    </Section>
  );
}

const METHOD_WORDS = {
  SOFTWARE_TOKEN_MFA: 'a code from your authenticator app',
  SMS_MFA: 'a code by text message',
  EMAIL_OTP: 'a code by email',
} as const;

/** The whole of two-step in a line: on or off, and what signing in asks for first. */
function twoStepSummary(mfa: MfaSettings | null): string {
  if (!mfa) return 'We could not check two-step verification just now. Reload to try again.';
  const first = askedMethod(mfa);
  if (!first) return 'Off: signing in asks for your password only. Turn on one of the ways below.';
  const others = mfa.methods.length - 1;
  return `On: signing in asks for ${METHOD_WORDS[first]}${
    others > 0 ? `, or ${others === 1 ? 'the other way' : 'another way'} you turned on` : ''
  }.`;
}

/** What signing in asks for once the app is off: the methods that stay on say so. */
function afterAppOff(mfa: MfaSettings | null): string {
  const left = mfa?.methods.filter((m) => m !== 'SOFTWARE_TOKEN_MFA') ?? [];
  if (left.length === 0) return 'After this, signing in asks for your password only.';
  const by = left.includes('SMS_MFA')
    ? left.includes('EMAIL_OTP')
      ? 'a code by text message or email'
      : 'a code by text message'
    : 'a code by email';
  return `After this, signing in still asks for ${by}.`;
}

const proofNote = (what: string, twoStep: boolean) =>
  twoStep
    ? `${what}, your current password and the code from your authenticator app.`
    : `${what} and your current password.`;

const FEDERATED_HINT =
  'Your name, email, password and two-step verification are managed in your Google account.';

function SignOutEverywhereCard({ onEdit }: { onEdit: (button: HTMLButtonElement) => void }) {
  return (
    <Card
      title="Signed-in devices"
      value="All devices"
      action="Sign out everywhere"
      actionName="Sign out everywhere"
      onEdit={onEdit}
    />
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
      description="This ends your sessions on every browser and phone, including this one. Other devices are signed out the next time they open your account, and within 5 minutes at most."
    >
      <SignOutEverywhere onCancel={onCancel} />
    </Dialog>
  );
}

/** 'Pending: new@… · Verify · Cancel change' under the address still in use. */
function PendingEmail({
  email,
  onVerify,
  onCancelled,
}: {
  email: string;
  onVerify: (button: HTMLButtonElement) => void;
  onCancelled: () => void;
}) {
  const [cancelling, startCancel] = useTransition();
  const [failed, setFailed] = useState(false);
  const link =
    'text-brand-700 inline-flex min-h-6 items-center font-semibold hover:underline disabled:opacity-60';
  return (
    <div className="mt-2 text-sm" role="group" aria-label="Email change waiting">
      <p className="text-ink-muted">
        Pending: <EmailText email={email} /> — not verified yet.
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-3">
        <button type="button" className={link} onClick={(e) => onVerify(e.currentTarget)}>
          Verify<span className="sr-only"> your new email</span>
        </button>
        <button
          type="button"
          className={link}
          disabled={cancelling}
          onClick={() =>
            startCancel(async () => {
              const answer = await cancelEmailChangeAction();
              setFailed(answer.status !== 'success');
              if (answer.status === 'success') onCancelled();
            })
          }
        >
          Cancel change
        </button>
      </p>
      {failed && (
        <p role="alert" className="text-danger mt-1 text-xs">
          {APP_MSG.systemError}
        </p>
      )}
    </div>
  );
}

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
      <>
        <Section title="Personal info">
          <Card title="Signs in with" value="Google" hint={FEDERATED_HINT} />
          <Card title="Name" value={values.name || 'Not set'} hint="From your Google account" />
          <Card
            title="Email Address"
            value={<EmailText email={values.email} />}
            hint="From your Google account"
          />
        </Section>
        <Section title="Security">
          <SignOutEverywhereCard onEdit={(b) => start(b, { card: 'sign-out-everywhere' })} />
          <Card
            title="Devices and two-step codes"
            value="Managed by Google"
            hint="Google asks for them when you sign in, and lists the devices signed in to your Google account."
          >
            <a
              className="text-brand-700 mt-2 inline-flex min-h-6 items-center text-sm font-medium underline"
              href="https://myaccount.google.com/security"
              target="_blank"
              rel="noopener noreferrer"
            >
              Your Google account&apos;s security
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Card>
        </Section>
        <DangerZone onDelete={(b) => start(b, { card: 'delete-account' })} />
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

const OTHERS_NOTE: Record<OthersOutcome, string> = {
  'signed-out': 'Your other devices are signed out. You are still signed in here.',
  'signed-out-here-too':
    'Your other devices are signed out, and so is this one: signing in here again needs a code from your authenticator app. Sign in with your new password.',
  failed:
    'We could not sign out your other devices. Use Sign out everywhere on this page to try again.',
};

// Mandatory: closes only with Close or Escape (docs/product.md §2.11).
function SuccessDialog({
  open,
  others,
  onClose,
}: {
  open: boolean;
  others?: OthersOutcome;
  onClose: () => void;
}) {
  const close = others === 'signed-out-here-too' ? () => void signOutNow() : onClose;
  return (
    <Dialog
      open={open}
      mandatory
      title={APP_MSG.allSet}
      description={others && OTHERS_NOTE[others]}
    >
      <div
        className="flex justify-end"
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
      >
        <Button type="button" onClick={close} autoFocus>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
