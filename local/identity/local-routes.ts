import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { validateAttributes } from './attributes';
import { CLIENT_ID } from './config';
import { CognitoError } from './errors';
import { OPERATIONS } from './ops';
import { applyAttributeWrites } from './ops/shared';
import { BodyTooLargeError, readBody, sendJson } from './protocol';
import type { IdentityService } from './service';
import type { UserRecord } from './store';

const ttl = z
  .number()
  .int()
  .min(1)
  .max(10 * 365 * 24 * 3600)
  .nullable()
  .optional();

const TokenTtlBody = z.strictObject({
  email: z.string().min(1),
  accessTokenTtl: ttl,
  idTokenTtl: ttl,
  refreshTokenTtl: ttl,
});
const AttributesBody = z.strictObject({
  email: z.string().min(1),
  attributes: z.record(z.string().min(1).max(32), z.string().max(2048)),
});

/** A notice that is not a code (docs/architecture.md §4): recorded in the outbox with `"code": ""`. */
const NoticeBody = z.strictObject({
  to: z.string().trim().min(3).max(254),
  purpose: z.enum(['email-changed', 'security']),
  event: z
    .string()
    .regex(/^[a-z-]{1,40}$/)
    .optional(),
  link: z.string().url().max(2000).optional(),
});

/** The fault switch: an operation (or "*": every one) answers TooManyRequestsException, never answers, or is healed. */
const FaultBody = z.strictObject({
  operation: z
    .string()
    .refine((name) => name === '*' || OPERATIONS.has(name), 'not an operation of this pool'),
  mode: z.enum(['throttle', 'stall', 'off']),
});

const view = (user: UserRecord) => ({
  sub: user.sub,
  email: user.email,
  pendingEmail: user.pendingEmail,
  attributes: user.attributes,
  tokenTtl: user.tokenTtl ?? {},
});

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const raw = await readBody(req, 64 * 1024);
  return JSON.parse(raw.toString('utf8') || 'null') as unknown;
}

/**
 * Test and developer hooks, never part of Cognito:
 *   GET  /__local/health
 *   GET  /__local/app-client              { clientId, clientSecret? }: the app client tests call the
 *                                          pool with (no clientSecret for a public client)
 *   GET  /__local/outbox[?to=ADDR]        delivered codes, newest first
 *   POST /__local/users/token-ttl          { email, accessTokenTtl?, idTokenTtl?, refreshTokenTtl? } (s; null clears)
 *   POST /__local/users/attributes         { email, attributes: { name: value } } ("" deletes)
 *   POST /__local/notices                  { to, purpose: 'email-changed' | 'security', event?, link? }:
 *                                          an email notice, no code
 *   POST /__local/faults                   { operation: 'InitiateAuth' | '*', mode: 'throttle' | 'stall' | 'off' }
 *                                          the operation answers TooManyRequestsException, or
 *                                          never answers, until 'off'
 *                                          ('*' with 'off' clears every switch)
 */
export async function handleLocal(
  svc: IdentityService,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /__local/health') return sendJson(res, 200, { ok: true });
  if (route === 'GET /__local/app-client') {
    const secret = svc.settings.clientSecret;
    return sendJson(res, 200, { clientId: CLIENT_ID, ...(secret ? { clientSecret: secret } : {}) });
  }
  if (route === 'GET /__local/outbox') {
    const to = url.searchParams.get('to') ?? undefined;
    return sendJson(res, 200, svc.store.listOutbox(to?.trim() || undefined));
  }
  if (
    route !== 'POST /__local/users/token-ttl' &&
    route !== 'POST /__local/users/attributes' &&
    route !== 'POST /__local/notices' &&
    route !== 'POST /__local/faults'
  ) {
    return sendJson(res, 404, { error: `No such local endpoint: ${route}` });
  }

  let body: unknown;
  try {
    body = await jsonBody(req);
  } catch (err) {
    return sendJson(res, err instanceof BodyTooLargeError ? 413 : 400, {
      error: err instanceof BodyTooLargeError ? 'Body too large' : 'Body is not JSON',
    });
  }
  const problems = (error: z.ZodError) =>
    sendJson(res, 400, {
      error: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    });
  if (route === 'POST /__local/notices') {
    const notice = NoticeBody.safeParse(body);
    if (!notice.success) return problems(notice.error);
    const { to, purpose, event, link } = notice.data;
    svc.deliver(to, 'email', purpose, '', event ? { event, ...(link ? { link } : {}) } : undefined);
    return sendJson(res, 200, { ok: true });
  }
  if (route === 'POST /__local/faults') {
    const fault = FaultBody.safeParse(body);
    if (!fault.success) return problems(fault.error);
    const { operation, mode } = fault.data;
    if (mode !== 'off') svc.faults.set(operation, mode);
    else if (operation === '*') svc.faults.clear();
    else svc.faults.delete(operation);
    return sendJson(res, 200, { ok: true, faults: Object.fromEntries(svc.faults) });
  }
  const schema = route.endsWith('token-ttl') ? TokenTtlBody : AttributesBody;
  const parsed = schema.safeParse(body);
  if (!parsed.success) return problems(parsed.error);
  const user = svc.store.findUser(parsed.data.email);
  if (!user) return sendJson(res, 404, { error: `No user ${parsed.data.email}` });

  if ('attributes' in parsed.data) {
    const list = Object.entries(parsed.data.attributes).map(([Name, Value]) => ({ Name, Value }));
    try {
      applyAttributeWrites(svc, user, validateAttributes(list, 'admin'), 'admin');
    } catch (err) {
      if (err instanceof CognitoError)
        return sendJson(res, 400, { error: err.message, type: err.type });
      throw err;
    }
    return sendJson(res, 200, { ok: true, user: view(user) });
  }

  const next = { ...user.tokenTtl };
  const { accessTokenTtl, idTokenTtl, refreshTokenTtl } = parsed.data;
  const set = (key: 'access' | 'id' | 'refresh', value: number | null | undefined) => {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  };
  set('access', accessTokenTtl);
  set('id', idTokenTtl);
  set('refresh', refreshTokenTtl);
  user.tokenTtl = next;
  svc.store.saveUser(user);
  return sendJson(res, 200, { ok: true, user: view(user) });
}
