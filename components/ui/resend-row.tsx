import { Button } from './button';

/** "Didn't get it? Resend Code" under a code form: a link-sized button, still a 24 px target. */
export function ResendRow({
  onResend,
  pending,
  label = 'Resend Code',
}: {
  onResend: () => void;
  pending: boolean;
  label?: string;
}) {
  return (
    <p className="text-ink-muted text-center text-sm">
      Didn&apos;t get it?{' '}
      <Button
        type="button"
        variant="ghost"
        className="min-h-6 px-1 py-0"
        onClick={onResend}
        pending={pending}
      >
        {label}
      </Button>
    </p>
  );
}
