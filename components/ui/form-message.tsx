import type { Message } from '@/lib/messages';
import { MessageText } from './message-text';

export function FormMessage({
  message,
  tone = 'error',
  onAction,
  id,
}: {
  message?: Message;
  tone?: 'error' | 'success' | 'info';
  onAction?: (action: 'resend') => void;
  id?: string;
}) {
  const styles = {
    error: 'border-danger/30 bg-danger-bg text-danger',
    success: 'border-success/30 bg-success-bg text-success',
    info: 'border-tint-border bg-tint text-accent-strong',
  }[tone];
  return (
    <div id={id} aria-live="polite" aria-atomic="true">
      {message && (
        <p
          className={`rounded-lg border px-3 py-2 text-sm ${styles}`}
          role={tone === 'error' ? 'alert' : 'status'}
        >
          <MessageText message={message} onAction={onAction} />
        </p>
      )}
    </div>
  );
}
