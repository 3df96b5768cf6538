import type { OthersOutcome } from '@/lib/profile/account';
import type { MfaSettings, TrackedDevice } from '@/lib/cognito';
import type { DeletionOutcome } from '@/lib/oauth/deletion';
import type { DescribedPasskey } from '@/lib/passkeys/notes';
import type { PhoneMode } from './phone-flow';

/** What the profile page read for the cards (app/(dashboard)/profile/page.tsx). */
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

export /** Which dialog is open, and in which step. */
type Open =
  | { card: 'name' }
  | { card: 'password' }
  | { card: 'email'; mode: { step: 'update'; email?: string } | { step: 'verify'; email: string } }
  | { card: 'phone'; mode: PhoneMode }
  | { card: 'two-step-setup' }
  | { card: 'two-step-off' }
  | { card: 'recovery-codes' }
  | { card: 'code-methods' }
  | { card: 'sign-out-everywhere' }
  | { card: 'passkeys' }
  | { card: 'delete-account' }
  | { card: 'forget-device'; device: TrackedDevice; here: boolean }
  | { card: 'done'; others?: OthersOutcome }
  | null;
