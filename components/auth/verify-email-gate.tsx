'use client';

import { Suspense, lazy } from 'react';

// The dialog, its form and react-hook-form load only for a creator whose address is unverified,
// not with every signed-in page (the layout holds the dialog for all of them; decision 061).
const VerifyEmailDialog = lazy(async () => ({
  default: (await import('./verify-email-dialog')).VerifyEmailDialog,
}));

/** The verify-email dialog, for the layout to render when the address is unverified. */
export function VerifyEmailGate({ email }: { email: string }) {
  return (
    <Suspense fallback={null}>
      <VerifyEmailDialog email={email} />
    </Suspense>
  );
}
