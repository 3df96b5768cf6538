import type { Message } from '@/lib/messages';
import { MessageText } from './message-text';

export function describedBy(id: string, errors: Message[], hint?: string): string | undefined {
  return (
    [errors.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

export function FieldMessages({
  id,
  errors,
  hint,
  live = false,
}: {
  id: string;
  errors: Message[];
  hint?: string;
  live?: boolean;
}) {
  return (
    <>
      {errors.length > 0 && (
        <ul
          id={`${id}-error`}
          className="text-danger flex flex-col gap-0.5 text-sm"
          aria-live={live ? 'polite' : undefined}
        >
          {errors.map((e) => (
            <li key={e.text}>
              <MessageText message={e} />
            </li>
          ))}
        </ul>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-ink-muted text-xs">
          {hint}
        </p>
      )}
    </>
  );
}
