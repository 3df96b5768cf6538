'use client';

import { useRouter } from 'next/navigation';
import { Suspense } from 'react';
import { Loader } from '@/components/ui/loader';
import { IntentLink } from '@/components/ui/intent-link';
// Its code (react-hook-form, the QR code) loads with this screen, not with every /profile.
import { AuthenticatorSetup } from './dialog-bodies';

/** After a recovery code: two-step set up again on the next screen, before anything else. */
export function SetUpAgain({ email }: { email: string }) {
  const router = useRouter();
  const done = () => router.replace('/profile');
  return (
    <section
      aria-labelledby="set-up-again-heading"
      className="rounded-card border-surface-border bg-surface mb-8 border p-4 sm:p-5"
    >
      <h2 id="set-up-again-heading" className="text-ink mb-1 text-lg font-bold">
        Set up two-step verification again
      </h2>
      <p className="text-ink-muted mb-4 text-sm">
        Scan the key with the authenticator app on your new phone, then enter the code it shows.
      </p>
      <Suspense fallback={<Loader />}>
        <AuthenticatorSetup email={email} proved onDone={done} onSaved={done} />
      </Suspense>
      <p className="text-ink-muted mt-4 text-sm">
        <IntentLink
          href="/"
          className="text-accent inline-flex min-h-6 items-center font-semibold underline"
        >
          Not now, go to the dashboard
        </IntentLink>
      </p>
    </section>
  );
}
