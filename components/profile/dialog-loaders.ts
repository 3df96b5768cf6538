/** Where each profile dialog's body comes from: its own chunk, fetched at the first reach. */
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

/** Fetches every body, Radix's dialog and the dialogs' table side by side; a failure waits for use. */
export function preloadDialogs() {
  const all = [...Object.values(loaders), () => import('@/components/ui/dialog-content')];
  for (const load of all) load().catch(() => undefined);
}
