import 'server-only';
import { safeParse } from 'zod/mini';
import type { $ZodError, $ZodType, output } from 'zod/v4/core';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/env';
import { log, requestContextOf, withRequestId } from '@/lib/log';
import type { Message } from '@/lib/messages';
import { verifySession, type Session } from '@/lib/session';
import type { ActionState } from './action-state';

export type { ActionState } from './action-state';

/** Fields whose values are never echoed back to the form (saas-starter echoes passwords; we don't). */
const SECRET_FIELDS = new Set([
  'password',
  'verifyPassword',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'code',
  'verificationCode',
]);
/** Fields the forms send as several same-named inputs (the six OTP boxes). */
const ARRAY_FIELDS = new Set(['code', 'verificationCode']);
const MAX_FIELD = 4096;

export function formToObject(formData: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const key of new Set(formData.keys())) {
    if (key.startsWith('$ACTION')) continue;
    const values = formData
      .getAll(key)
      .map((v) => (typeof v === 'string' ? v.slice(0, MAX_FIELD) : ''));
    out[key] = ARRAY_FIELDS.has(key) ? values.slice(0, 6) : (values[0] ?? '');
  }
  return out;
}

/** Runs an action with the guard's request id and the client address on its log lines. */
export async function inRequest<T>(fn: () => Promise<T>): Promise<T> {
  const { reqId, ip } = requestContextOf(await headers(), getEnv().TRUSTED_PROXY_HOPS);
  return withRequestId(reqId, fn, { ip });
}

export function echo<F extends string>(
  input: Record<string, unknown>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const values: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const v = input[f];
    if (!SECRET_FIELDS.has(f) && typeof v === 'string') values[f] = v;
  }
  return values;
}

export function fieldErrorsOf<F extends string>(error: $ZodError): Partial<Record<F, Message[]>> {
  const out: Partial<Record<F, Message[]>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as F;
    (out[key] ??= []).push({ text: issue.message });
  }
  return out;
}

type Handler<S extends $ZodType, F extends string, Extra> = (
  data: output<S>,
  ctx: { values: Partial<Record<F, string>> } & Extra,
) => Promise<ActionState<F>>;

/** Parses the form with the same schema the browser used; returns every field error at once. */
export function validatedAction<S extends $ZodType, F extends string>(
  schema: S,
  fields: readonly F[],
  handler: Handler<S, F, object>,
) {
  return async (_prev: ActionState<F>, formData: FormData): Promise<ActionState<F>> =>
    inRequest(async () => {
      // Anything but FormData (a crafted call) is treated as an empty form.
      const input = formData instanceof FormData ? formToObject(formData) : {};
      const values = echo(input, fields);
      const parsed = safeParse(schema, input);
      if (!parsed.success)
        return { status: 'error', fieldErrors: fieldErrorsOf<F>(parsed.error), values };
      return handler(parsed.data, { values });
    });
}

/** As validatedAction, after checking the session itself (the guard is only the first gate). */
export function authedAction<S extends $ZodType, F extends string>(
  schema: S,
  fields: readonly F[],
  handler: Handler<S, F, { session: Session }>,
) {
  return async (prev: ActionState<F>, formData: FormData): Promise<ActionState<F>> =>
    inRequest(async () => {
      const session = await verifySession();
      if (!session) {
        log.warn('action.unauthenticated');
        return {
          status: 'error',
          message: { text: 'User is not authenticated' },
          unauthenticated: true,
        };
      }
      return validatedAction(schema, fields, (data, ctx) => handler(data, { ...ctx, session }))(
        prev,
        formData,
      );
    });
}
