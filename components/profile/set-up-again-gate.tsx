'use client';

import { Suspense, lazy } from 'react';

// Shown only after a recovery code: its code loads then, not with every /profile (decision 061).
const SetUpAgain = lazy(async () => ({ default: (await import('./set-up-again')).SetUpAgain }));

export function SetUpAgainGate({ email }: { email: string }) {
  return (
    <Suspense fallback={null}>
      <SetUpAgain email={email} />
    </Suspense>
  );
}
