/** One choice of a radio group as a bordered card: its label and a line on what it means. */
export function RadioCard({
  label,
  hint,
  hintId,
  className = '',
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & {
  ref?: React.Ref<HTMLInputElement>;
  label: string;
  hint: string;
  hintId: string;
}) {
  return (
    <label
      className={`border-surface-border has-[:checked]:border-focus has-[:focus-visible]:ring-focus flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 ${className}`}
    >
      <input
        type="radio"
        className="accent-brand-600 mt-0.5 size-5 shrink-0"
        aria-describedby={hintId}
        {...input}
      />
      <span className="flex flex-col gap-0.5">
        <span className="text-ink text-sm font-medium">{label}</span>
        <span id={hintId} className="text-ink-muted text-xs">
          {hint}
        </span>
      </span>
    </label>
  );
}
