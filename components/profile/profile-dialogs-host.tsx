'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';
import { firstReach } from '@/components/ui/first-reach';
import { preloadDialogShell } from './dialog-loaders';
import { hasDraft } from './draft';
import type { ProfileValues } from './profile-values';

// The dialogs' code (their titles, their table, the success and sign-out dialogs) arrives at the
// first reach for the page, not with the cards (decision 063), with Radix's dialog beside it; a
// card's body comes as its own button is reached (EditButton).
const load = async () => ({ default: (await import('./profile-dialogs')).ProfileDialogs });
const loadAll = () => {
  const host = load();
  preloadDialogShell();
  return host;
};
const whenReached = lazy(async () => {
  await firstReach();
  return loadAll();
});
const atOnce = lazy(loadAll);
const none = () => () => {};

export function ProfileDialogsHost({ values }: { values: ProfileValues }) {
  // In the browser only: the server has nothing to show for a closed dialog.
  const inBrowser = useSyncExternalStore(
    none,
    () => true,
    () => false,
  );
  if (!inBrowser) return null;
  // Back from Google without a deletion, or back after a sign-in with a dialog's draft, a dialog
  // is open from the start.
  const Dialogs =
    (values.provider && values.deletion) || hasDraft(values.email) ? atOnce : whenReached;
  return (
    <Suspense fallback={null}>
      <Dialogs values={values} />
    </Suspense>
  );
}
