import type { Open } from './profile-values';

/**
 * How a card's Edit button, hydrated with the page, reaches the profile's dialogs, whose code
 * arrives at the first reach (decision 063): a press before they are in is kept, and opened then.
 */
type Request = { button: HTMLButtonElement | null; next: Open };
let host: ((request: Request) => void) | undefined;
let waiting: Request | undefined;

export function openDialog(button: HTMLButtonElement | null, next: Open) {
  if (host) host({ button, next });
  else waiting = { button, next };
}

/** The dialogs' host, while it is mounted: it takes a press kept before it came. */
export function hostDialogs(take: (request: Request) => void): () => void {
  host = take;
  const kept = waiting;
  waiting = undefined;
  if (kept) take(kept);
  return () => {
    if (host === take) host = undefined;
  };
}
