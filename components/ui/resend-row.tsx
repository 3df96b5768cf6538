import { ResendButton } from './resend-button';

export function ResendRow({
  onResend,
  pending,
  wait,
  label = 'Resend Code',
  inMessage = false,
}: {
  onResend: () => void;
  pending: boolean;
  wait: number;
  label?: string;
  inMessage?: boolean;
}) {
  if (inMessage) return null;
  return (
    <p className="text-ink-muted text-center text-sm">
      Didn&apos;t get it?{' '}
      <ResendButton onResend={onResend} pending={pending} wait={wait} label={label} size="inline" />
    </p>
  );
}
