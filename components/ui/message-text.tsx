import Link from 'next/link';
import type { Message } from '@/lib/messages';

/**
 * The message offers "Resend Code" itself (an expired code): the form's own Resend control gives
 * way to it, one control at a time. A dead code may be replaced at once, without the wait.
 */
export const offersResend = (message?: Message): boolean =>
  Boolean(message?.link && 'action' in message.link);

/** Renders a Message, turning its link label (if any) into a link or an action button. */
export function MessageText({
  message,
  onAction,
}: {
  message: Message;
  onAction?: (action: 'resend') => void;
}) {
  const { text, link } = message;
  const at = link ? text.indexOf(link.label) : -1;
  if (!link || at < 0) return <>{text}</>;
  const before = text.slice(0, at);
  const after = text.slice(at + link.label.length);
  let inner: React.ReactNode;
  if ('href' in link) {
    inner = link.href.startsWith('/') ? (
      <Link href={link.href} className="font-semibold underline underline-offset-2">
        {link.label}
      </Link>
    ) : (
      <a href={link.href} className="font-semibold underline underline-offset-2">
        {link.label}
      </a>
    );
  } else {
    inner = (
      <button
        type="button"
        onClick={() => onAction?.(link.action)}
        className="font-semibold underline underline-offset-2"
      >
        {link.label}
      </button>
    );
  }
  return (
    <>
      {before}
      {inner}
      {after}
    </>
  );
}
