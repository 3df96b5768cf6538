import 'server-only';
import { headers } from 'next/headers';
import { after } from 'next/server';
import { clientAddressFromHeaders } from '@/lib/client-address';
import { getEnv, siteUrl } from '@/lib/env';
import { deviceName } from '@/lib/user-agent';
import { sealNotMe } from '@/lib/session/seal';
import { log } from '@/lib/log';

/**
 * Notices that are not codes: "your sign-in email was changed", sent to the OLD address after a
 * change is verified (ASVS 2.5.5; docs/decisions/007-email-change-notice.md), and security notices
 * to the account's address when a way in is added or changed (decision 032). Cognito sends
 * neither, so the app does:
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
  const notice: EmailChangedNotice = {
    type: 'email-changed',
    to: oldEmail,
    newEmailMasked: maskEmail(newEmail),
    at: now.toISOString(),
  };
  await deliver(notice, { to: oldEmail, purpose: 'email-changed' });
}

/** What a security notice reports (ASVS 2.2.3, 2.5.x; decision 032). */
export type SecurityEvent =
  | 'passkey-added'
  | 'authenticator-added'
  | 'code-method-added'
  | 'device-remembered'
  | 'new-device-sign-in'
  | 'password-changed'
  | 'password-reset';

type SecurityNotice = {
  type: 'security';
  event: SecurityEvent;
  to: string;
  /** ISO 8601. */
  at: string;
  /** The browser and address it came from, where known (e.g. "Chrome on macOS · 203.0.113.9"). */
  from?: string;
  /** "This wasn't me": ends every session of the account and asks for a reset (a week). */
  notMeUrl: string;
};

/**
 * Tells the account's own address that a way in was added or changed, with a link that ends every
 * session and asks for a reset. Never throws; a failed notice never fails what it reports.
 */
export async function notifySecurity(
  account: { sub: string; email: string },
  event: SecurityEvent,
  { from, now = new Date() }: { from?: string; now?: Date } = {},
): Promise<void> {
  const env = getEnv();
  const token = await sealNotMe({ v: 1, p: 'not-me', sub: account.sub, email: account.email }, env);
  const notMeUrl = `${siteUrl().origin}/not-me?t=${encodeURIComponent(token)}`;
  const notice: SecurityNotice = {
    type: 'security',
    event,
    to: account.email,
    at: now.toISOString(),
    ...(from ? { from } : {}),
    notMeUrl,
  };
  await deliver(notice, { to: account.email, purpose: 'security', event, link: notMeUrl });
}

/**
 * Sends the security notice after this request's answer (`after`), naming the browser and address
 * the request came from; outside a request (a script, a test), at once. Never throws.
 */
export async function securityNotice(
  account: { sub: string; email: string },
  event: SecurityEvent,
): Promise<void> {
  let from: string | undefined;
  try {
    const h = await headers();
    from = `${deviceName(h.get('user-agent'))} · ${clientAddressFromHeaders(h, getEnv().TRUSTED_PROXY_HOPS)}`;
  } catch {
    // No request here: the notice goes without it.
  }
  const send = () => notifySecurity(account, event, from ? { from } : {});
  try {
    after(send);
  } catch {
    await send();
  }
}

/**
 * Sends a notice: NOTIFY_WEBHOOK_URL when set; the local identity service's outbox on the local
 * stack; otherwise not delivered, said once per process.
 */
async function deliver(
  notice: { type: string },
  local: { to: string; purpose: string; event?: string; link?: string },
): Promise<void> {
  const env = getEnv();
  let url: string;
  let body: object;
  if (env.NOTIFY_WEBHOOK_URL) {
    url = env.NOTIFY_WEBHOOK_URL;
    body = notice;
  } else if (env.mode === 'local' && env.COGNITO_ENDPOINT) {
    url = `${env.COGNITO_ENDPOINT}/__local/notices`;
    body = local;
  } else {
    if (!warnedUndelivered) {
      warnedUndelivered = true;
      log.warn('notify.not_configured', {
        type: notice.type,
        detail:
          'NOTIFY_WEBHOOK_URL is not set: email-change and security notices are not delivered',
      });
    }
    return;
  }
  try {
    const status = await post(url, body, Math.min(env.UPSTREAM_TIMEOUT_MS, NOTICE_TIMEOUT_MS));
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

/** A notice waits at most this long: it rides on the request of the change it reports. */
const NOTICE_TIMEOUT_MS = 3000;
