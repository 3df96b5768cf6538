'use client';

import { Button } from '@/components/ui/button';
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
  return (
    <Button
      id={id}
      type="button"
      variant={danger ? 'danger' : 'secondary'}
      onClick={(e) => openDialog(e.currentTarget, opens)}
    >
      {action}
      <span className="sr-only">{actionName.slice(action.length)}</span>
    </Button>
  );
}
