import { Button } from './button';

/** "Didn't get it? Resend Code" under a code form. */
export function ResendRow({ onResend, pending, label = 'Resend Code' }: { onResend: () => void; pending: boolean; label?: string }) {
  return (
    <p className="text-center text-sm text-ink-muted">
      Didn&apos;t get it?{' '}
      <Button type="button" variant="ghost" className="min-h-0 px-1 py-0" onClick={onResend} pending={pending}>
        {label}
      </Button>
    </p>
  );
}
