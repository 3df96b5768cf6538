import { PASSWORD_RULES } from '@/lib/validation/password-rules';

/**
 * The new-password rules as a checklist that fills in while the person types: what is left to
 * do, not a wall of red. Not a live region (it would speak at every key): the field's hint says
 * the rules, and a submit names the ones still missing.
 */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul
      aria-label="Password rules"
      className="-mt-2 grid grid-cols-1 gap-x-4 gap-y-0.5 text-xs sm:grid-cols-2"
    >
      {PASSWORD_RULES.map((rule) => {
        const met = rule.met(value);
        return (
          <li
            key={rule.id}
            className={`flex items-center gap-1.5 ${met ? 'text-success' : 'text-ink-muted'}`}
          >
            <span aria-hidden="true" className="inline-block w-3 text-center font-bold">
              {met ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="sr-only">{met ? ': done' : ': not yet'}</span>
          </li>
        );
      })}
    </ul>
  );
}
