'use client';

import { Button } from '@/components/ui/button';
import { preloadBody } from './dialog-loaders';
import { openDialog } from './dialog-store';
import type { Open } from './profile-values';

/** A card's button: all of the card that runs in the browser before the first reach. */
export function EditButton({
  opens,
  action,
  actionName,
  danger,
  id,
}: {
  opens: Open;
  action: string;
  actionName: string;
  danger: boolean;
  id?: string;
}) {
  // Reached for (a pointer over it, a touch, the keyboard's focus): its dialog's body is fetched.
  const reach = () => opens && preloadBody(opens.card);
  return (
    <Button
      id={id}
      type="button"
      variant={danger ? 'danger' : 'secondary'}
      onPointerEnter={reach}
      onPointerDown={reach}
      onFocus={reach}
      onClick={(e) => openDialog(e.currentTarget, opens)}
    >
      {action}
      <span className="sr-only">{actionName.slice(action.length)}</span>
    </Button>
  );
}
