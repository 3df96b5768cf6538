import { Button } from './button';

/**
 * The button that asks for another code. For `wait` seconds after a code was sent it cannot be
 * pressed and says when it can ("Resend Code in 25 s"); the count is not announced each second,
 * and the button's name stays its label.
 */
export function ResendButton({
  onResend,
  pending,
  wait,
  label = 'Resend Code',
  size,
  inMessage = false,
}: {
  onResend: () => void;
  pending: boolean;
  wait: number;
  label?: string;
  size?: 'default' | 'inline';
  /** The message above offers the resend now (offersResend): one control at a time. */
  inMessage?: boolean;
}) {
  if (inMessage) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <Button
        type="button"
        variant="ghost"
        size={size}
        onClick={onResend}
        pending={pending}
        disabled={wait > 0}
      >
        {label}
      </Button>
      {wait > 0 && <span className="text-ink-muted text-sm tabular-nums">in {wait} s</span>}
    </span>
  );
}
