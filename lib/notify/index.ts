import 'server-only';
import { createHmac, randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { after } from 'next/server';
import { clientAddressFromHeaders } from '@/lib/http/client-address';
import { getEnv, siteUrl } from '@/lib/runtime/env';
import { maskEmail } from '@/lib/format';
import { deviceName } from '@/lib/http/user-agent';
import { sealAs } from '@/lib/session/seal';
import { log } from '@/lib/runtime/log';
import { timeoutSignal } from '@/lib/upstream/deadline';

// Cognito sends neither notice, so the app does (decisions 007, 032); a failed delivery is logged.

type EmailChangedNotice = {
  type: 'email-changed';
  to: string;
  newEmailMasked: string;
  at: string;
};

export { maskEmail };

let warnedUndelivered = false;

/**
 * Standard Webhooks' signature (standardwebhooks.com): HMAC-SHA256 of `id.timestamp.body` with
 * the secret's bytes, so the receiver can tell our notices from anyone else's and refuse old ones.
 */
export function webhookHeaders(secret: string, body: string, now = Date.now()) {
  const id = `msg_${randomUUID()}`;
  const timestamp = String(Math.floor(now / 1000));
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}

async function post(
  url: string,
  body: object,
  timeoutMs: number,
  secret?: string,
): Promise<number> {
  const text = JSON.stringify(body);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret ? webhookHeaders(secret, text) : {}),
    },
    body: text,
    signal: timeoutSignal(timeoutMs),
    cache: 'no-store',
    // A redirect is an answer, not a place to send the notice again: it counts as a failure.
    redirect: 'manual',
  });
  await res.body?.cancel();
  return res.status;
}

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

export type SecurityEvent =
  | 'passkey-added'
  | 'authenticator-added'
  | 'code-method-added'
  | 'device-remembered'
  | 'new-device-sign-in'
  | 'password-changed'
  | 'password-reset'
  | 'recovery-codes-created'
  | 'recovery-code-used'
  // The right password, and the two-step code never given: someone may have the password.
  | 'two-step-not-completed'
  // A sign-in code asked for by email: two-step is on, so none was sent (lib/auth/precheck.ts).
  | 'email-code-two-step';

type SecurityNotice = {
  type: 'security';
  event: SecurityEvent;
  to: string;
  at: string;
  from?: string;
  notMeUrl: string;
};

export async function notifySecurity(
  account: { sub: string; email: string },
  event: SecurityEvent,
  { from, now = new Date() }: { from?: string; now?: Date } = {},
): Promise<void> {
  const env = getEnv();
  const token = await sealAs(
    'notMe',
    { v: 1, p: 'not-me', sub: account.sub, email: account.email },
    env,
  );
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

/** The browser and address of the request being answered; null outside a request. */
export async function requestClient(): Promise<{ browser: string; ip: string } | null> {
  try {
    const h = await headers();
    return {
      browser: deviceName(h.get('user-agent')),
      ip: clientAddressFromHeaders(h, getEnv().TRUSTED_PROXY_HOPS),
    };
  } catch {
    return null;
  }
}

export async function securityNotice(
  account: { sub: string; email: string },
  event: SecurityEvent,
): Promise<void> {
  // Outside a request the notice goes without where it came from.
  const client = await requestClient();
  const from = client ? `${client.browser} · ${client.ip}` : undefined;
  const send = () => notifySecurity(account, event, from ? { from } : {});
  try {
    after(send);
  } catch {
    await send();
  }
}

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
    const timeoutMs = Math.min(env.UPSTREAM_TIMEOUT_MS, NOTICE_TIMEOUT_MS);
    const secret = url === env.NOTIFY_WEBHOOK_URL ? env.NOTIFY_WEBHOOK_SECRET : undefined;
    const status = await post(url, body, timeoutMs, secret);
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

const NOTICE_TIMEOUT_MS = 3000;
