'use client';

import { Suspense, lazy, useEffect, useState } from 'react';
import type { DialogProps } from './close-guard';
import { firstReach } from './first-reach';

export { useCloseGuard, type DialogProps } from './close-guard';

// Radix's dialog is off every page's first load (decision 061): fetched at the first reach for
// the page, or when a dialog first opens, whichever comes first.
const load = () => import('./dialog-content');
const Content = lazy(async () => ({ default: (await load()).DialogContent }));

/** A modal dialog. Until it first opens it renders nothing, as Radix's closed dialog does. */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    void firstReach().then(() => load().catch(() => undefined));
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
