import { MSG } from '@/lib/messages/fields';

/** The new-password rules (docs/product.md §5.2): one list for the schema and the checklist. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: 'At least 8 characters',
    met: (v: string) => v.length >= 8,
    message: MSG.passwordLength,
  },
  {
    id: 'number',
    label: 'A number',
    met: (v: string) => /[0-9]/.test(v),
    message: MSG.passwordNumber,
  },
  {
    id: 'special',
    label: 'A special character',
    met: (v: string) => /[^A-Za-z0-9\s]/.test(v),
    message: MSG.passwordSpecial,
  },
  {
    id: 'upper',
    label: 'An uppercase letter',
    met: (v: string) => /[A-Z]/.test(v),
    message: MSG.passwordUpper,
  },
  {
    id: 'lower',
    label: 'A lowercase letter',
    met: (v: string) => /[a-z]/.test(v),
    message: MSG.passwordLower,
  },
] as const;
