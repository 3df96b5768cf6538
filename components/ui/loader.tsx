import { cn } from '@/lib/ui/cn';

export function Spinner({ className = 'size-6' }: { className?: string }) {
  return (
    <svg
      className={cn('animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Loader({
  label = 'Loading…',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn('text-accent flex flex-col items-center justify-center gap-3', className)}
    >
      <Spinner className="size-8" />
      <span className="text-ink-muted text-sm">{label}</span>
    </div>
  );
}
