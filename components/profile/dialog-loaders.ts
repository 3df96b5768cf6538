import type { Open } from './profile-values';

/** Where each profile dialog's body comes from: its own chunk (decision 063). */
export const loaders = {
  name: () => import('./name-form'),
  password: () => import('./password-form'),
  email: () => import('./email-flow'),
  phone: () => import('./phone-flow'),
  twoStep: () => import('./two-step'),
  deletion: () => import('./delete-account'),
  recovery: () => import('./recovery-codes'),
  codes: () => import('./code-methods'),
  passkeys: () => import('./passkeys'),
  forget: () => import('./forget-device'),
};

type Card = NonNullable<Open>['card'];
const BODY: Partial<Record<Card, keyof typeof loaders>> = {
  name: 'name',
  password: 'password',
  email: 'email',
  phone: 'phone',
  'two-step-setup': 'twoStep',
  'two-step-off': 'twoStep',
  'delete-account': 'deletion',
  'recovery-codes': 'recovery',
  'code-methods': 'codes',
  passkeys: 'passkeys',
  'forget-device': 'forget',
};

// A failed fetch here is left to the dialog that needs it, which shows its own error.
const quietly = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/** Radix's dialog, which every dialog needs: fetched with the dialogs' host. */
export const preloadDialogShell = () => quietly(() => import('@/components/ui/dialog-content'));

/** The body a card's button opens, fetched as a person reaches for that button. */
export function preloadBody(card: Card) {
  const key = BODY[card];
  if (key) quietly(loaders[key]);
}
