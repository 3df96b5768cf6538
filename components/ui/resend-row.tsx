import { Button } from './button';

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
