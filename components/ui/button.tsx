import { cn } from '@/lib/ui/cn';
import { Spinner } from './loader';

// ComponentProps carries `ref`, which React 19 passes to a function component as a prop.
type Props = React.ComponentProps<'button'> & {
  pending?: boolean;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  /** `inline`: a button that sits in a sentence (Resend Code), as tall as its text line. */
  size?: 'default' | 'inline';
};

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary:
    'border border-surface-border bg-surface text-ink hover:bg-surface-muted disabled:text-ink-subtle',
  ghost: 'text-accent hover:bg-tint disabled:text-ink-subtle',
  danger: 'border border-danger bg-surface text-danger hover:bg-danger-bg disabled:text-ink-subtle',
};

export function Button({
  pending = false,
  variant = 'primary',
  size = 'default',
  className = '',
  children,
  disabled,
  ...rest
}: Props) {
  return (
    <button
      {...rest}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors disabled:cursor-not-allowed',
        size === 'inline' ? 'min-h-6 px-1 py-0' : 'min-h-11 px-4 py-2',
        variants[variant],
        className,
      )}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
