'use client';

import type { OthersOutcome } from '@/lib/profile/account';
import { signOutNow } from '@/components/dashboard/sign-out';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { APP_MSG } from '@/lib/messages';

const OTHERS_NOTE: Record<OthersOutcome, string> = {
  'signed-out': 'Your other devices are signed out. You are still signed in here.',
  'signed-out-here-too':
    'Your other devices are signed out, and so is this one: signing in here again needs a code from your authenticator app. Sign in with your new password.',
  failed:
    'We could not sign out your other devices. Use Sign out everywhere on this page to try again.',
  kept: 'Your other devices are still signed in. To sign them out, use Sign out everywhere on this page.',
};

// Mandatory: closes only with Close or Escape (docs/product.md §2.11).
export function SuccessDialog({
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
