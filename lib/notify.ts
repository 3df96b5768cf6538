import 'server-only';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';

/**
 * Notices that are not codes: today one, "your sign-in email was changed", sent to the OLD address
 * after a change is verified (ASVS 2.5.5; docs/decisions/007-email-change-notice.md). Cognito only
 * ever writes to the new address, so the app sends this one itself:
 * - NOTIFY_WEBHOOK_URL set: a JSON POST there, for whatever mails it out;
 * - otherwise, on the local stack: the local identity service's outbox;
 * - otherwise (production without a webhook): not delivered, and said once per process in the log.
 * A failed notice never fails the change it reports.
 */

type EmailChangedNotice = {
  type: 'email-changed';
  /** The old address: the one that hears of the change. */
  to: string;
  /** The new address, masked: enough for the owner to recognise it, not to learn it. */
  newEmailMasked: string;
  /** ISO 8601. */
  at: string;
};

/** `dana.scully@fbi.test` -> `d***@fbi.test`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

let warnedUndelivered = false;

async function post(url: string, body: object, timeoutMs: number): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
    cache: 'no-store',
  });
  await res.body?.cancel();
  return res.status;
}

/** Tells `oldEmail` that the sign-in address is now `newEmail`. Never throws. */
export async function notifyEmailChanged(
  oldEmail: string,
  newEmail: string,
  now: Date = new Date(),
): Promise<void> {
  const env = getEnv();
  const notice: EmailChangedNotice = {
    type: 'email-changed',
    to: oldEmail,
    newEmailMasked: maskEmail(newEmail),
    at: now.toISOString(),
  };
  let url: string;
  let body: object;
  if (env.NOTIFY_WEBHOOK_URL) {
    url = env.NOTIFY_WEBHOOK_URL;
    body = notice;
  } else if (env.mode === 'local' && env.COGNITO_ENDPOINT) {
    url = `${env.COGNITO_ENDPOINT}/__local/notices`;
    body = { to: oldEmail, purpose: 'email-changed' };
  } else {
    if (!warnedUndelivered) {
      warnedUndelivered = true;
      log.warn('notify.not_configured', {
        type: notice.type,
        detail:
          'NOTIFY_WEBHOOK_URL is not set: email-change notices to the old address are not delivered',
      });
    }
    return;
  }
  try {
    const status = await post(url, body, env.UPSTREAM_TIMEOUT_MS);
    if (status >= 200 && status < 300) log.info('notify.sent', { type: notice.type });
    else log.warn('notify.failed', { type: notice.type, status });
  } catch (error) {
    log.warn('notify.failed', {
      type: notice.type,
      // A timeout is a DOMException, not always an Error of this realm: read its name.
      reason: String((error as { name?: unknown } | null)?.name ?? 'unknown'),
    });
  }
}
