import { EmailText } from '@/components/ui/email-text';
import { formatPhone } from '@/lib/format';
import { RECOVERY_CODE_COUNT } from '@/lib/two-step/recovery-count';
import { Card, Section, SignOutEverywhereCard } from './cards';
import { PendingEmail } from './pending-email';
import type { ProfileValues } from './profile-values';
import { methodsSummary, twoStepSummary } from './summaries';

const EMAIL_BUTTON = 'email-card-button';
const UNREAD = 'We could not check it just now. Reload to try again.';

/** The cards of an account with a password, as the server reads them (decision 063). */
export function ProfileCards({ values }: { values: ProfileValues }) {
  return (
    <>
      <Section title="Personal info">
        <Card title="Name" value={values.name || 'Not set'} opens={{ card: 'name' }} />
        <Card
          title="Email Address"
          value={<EmailText email={values.email} />}
          opens={{ card: 'email', mode: { step: 'update' } }}
          buttonId={EMAIL_BUTTON}
        >
          {values.pendingEmail && (
            <PendingEmail email={values.pendingEmail} cardButtonId={EMAIL_BUTTON} />
          )}
        </Card>
        <Card
          title="Phone Number"
          value={values.phone ? formatPhone(values.phone) : 'Not set'}
          note={values.phone && !values.phoneVerified ? 'Not verified' : undefined}
          opens={{ card: 'phone', mode: { step: 'update' } }}
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
          opens={{ card: 'password' }}
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
            opens={{ card: 'passkeys' }}
          />
        )}
        <SignOutEverywhereCard />
      </Section>
      <Section title="Two-step verification" description={twoStepSummary(values.mfa)}>
        <Card
          title="Authenticator app"
          value={values.twoStep === null ? 'Unknown' : values.twoStep ? 'On' : 'Off'}
          note={values.twoStep === null ? UNREAD : undefined}
          action={values.twoStep ? 'Turn off' : 'Set up'}
          actionName={
            values.twoStep ? 'Turn off two-step verification' : 'Set up two-step verification'
          }
          opens={
            values.twoStep === null
              ? undefined
              : { card: values.twoStep ? 'two-step-off' : 'two-step-setup' }
          }
        />
        <Card
          title="Codes by text or email"
          value={values.mfa ? methodsSummary(values.mfa) : 'Unknown'}
          note={
            values.mfa === null
              ? UNREAD
              : values.mfa.methods.length === 0 && values.phone && !values.phoneVerified
                ? 'Verify your phone number to get codes by text message.'
                : undefined
          }
          action="Manage"
          actionName="Manage codes by text or email"
          opens={values.mfa === null ? undefined : { card: 'code-methods' }}
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
            opens={{ card: 'recovery-codes' }}
          />
        )}
      </Section>
    </>
  );
}
