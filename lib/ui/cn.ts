import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Nothing merges conflicting utilities (tailwind-merge was 9 KiB of every
 * page's script, decision 059): a component offers a prop for each look it has (the button's
 * `size`, the code form's `layout`) instead of letting a caller's class override one of its own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
