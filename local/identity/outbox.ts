import type { IdentityStore, OutboxMessage } from './store';

export type Deliver = (
  to: string,
  channel: OutboxMessage['channel'],
  purpose: OutboxMessage['purpose'],
  code: string,
  notice?: { event: string; link?: string },
) => void;

/** "Sends" a code: records it in the outbox and prints it so a person can read it. */
export function makeDeliver(
  store: IdentityStore,
  log: (line: string) => void,
  now: () => number,
): Deliver {
  return (to, channel, purpose, code, notice) => {
    store.addOutbox({
      to,
      channel,
      purpose,
      code,
      sentAt: new Date(now()).toISOString(),
      ...(notice ?? {}),
    });
    const icon = channel === 'email' ? '✉ ' : '📱';
    log(
      purpose === 'invite'
        ? `${icon} invite for ${to}: temporary password ${code}`
        : code === ''
          ? `${icon} ${notice?.event ?? purpose} notice for ${to}${notice?.link ? ` (not you? ${notice.link})` : ''}`
          : `${icon} ${purpose} code for ${to}: ${code}`,
    );
  };
}
