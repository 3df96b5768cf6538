import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Class names for a primitive and what its caller adds: later classes win over the primitive's own
 * where they set the same thing (`px-1` replaces `px-4`), which plain string joining cannot promise.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
