import type { IdentityStore, OutboxMessage } from './store';

export type Deliver = (
  to: string,
  channel: OutboxMessage['channel'],
  purpose: OutboxMessage['purpose'],
  code: string,
) => void;

/** "Sends" a code: records it in the outbox and prints it so a person can read it. */
export function makeDeliver(
  store: IdentityStore,
  log: (line: string) => void,
  now: () => number,
): Deliver {
  return (to, channel, purpose, code) => {
    store.addOutbox({ to, channel, purpose, code, sentAt: new Date(now()).toISOString() });
    const icon = channel === 'email' ? '✉ ' : '📱';
    log(
      purpose === 'invite'
        ? `${icon} invite for ${to}: temporary password ${code}`
        : code === ''
          ? `${icon} ${purpose} notice for ${to}`
          : `${icon} ${purpose} code for ${to}: ${code}`,
    );
  };
}
