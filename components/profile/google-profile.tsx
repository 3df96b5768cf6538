import { EmailText } from '@/components/ui/email-text';
import { Card, Section, SignOutEverywhereCard } from './cards';
import type { ProfileValues } from './profile-values';
import { FEDERATED_HINT } from './summaries';

/**
 * The profile of an account that signs in with Google (decision 048): what Google keeps is shown
 * as Google's, and the account's own sessions and deletion stay here.
 */
export function GoogleProfile({ values }: { values: ProfileValues }) {
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
        <SignOutEverywhereCard />
        <Card
          title="Devices and two-step codes"
          value="Managed by Google"
          hint="Google asks for them when you sign in, and lists the devices signed in to your Google account."
        >
          <a
            className="text-accent mt-2 inline-flex min-h-6 items-center text-sm font-medium underline"
            href="https://myaccount.google.com/security"
            target="_blank"
            rel="noopener noreferrer"
          >
            Your Google account&apos;s security
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Card>
      </Section>
    </>
  );
}
