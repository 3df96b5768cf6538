import 'server-only';
import { safeParse } from 'zod/mini';
import type { $ZodError, $ZodType, input, output } from 'zod/v4/core';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/runtime/env';
import { log, requestContextOf, withRequestId } from '@/lib/runtime/log';
import type { AuthFailure } from '@/lib/cognito/errors';
import { APP_MSG, type Message, FLOW_MSG } from '@/lib/messages';
import { getPendingEmail, verifySession, type Session } from '@/lib/session';
import type { ActionState } from './state';

export type { ActionState } from './state';

const SECRET_FIELDS = new Set([
  'password',
  'verifyPassword',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'code',
  'verificationCode',
  'recoveryCode',
]);
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

export async function inRequest<T>(fn: () => Promise<T>): Promise<T> {
  const { reqId, ip } = requestContextOf(await headers(), getEnv().TRUSTED_PROXY_HOPS);
  return withRequestId(reqId, fn, { ip });
}

function echo<F extends string>(
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

function fieldErrorsOf<F extends string>(error: $ZodError): Partial<Record<F, Message[]>> {
  const out: Partial<Record<F, Message[]>> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as F;
    (out[key] ??= []).push({ text: issue.message });
  }
  return out;
}

export type FieldsOf<S extends $ZodType> = Extract<keyof input<S>, string>;

export function fieldsOf<S extends $ZodType>(schema: S): FieldsOf<S>[] {
  const def = schema._zod.def as {
    type: string;
    shape?: Record<string, unknown>;
    in?: $ZodType;
    innerType?: $ZodType;
  };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape) as FieldsOf<S>[];
  if (def.type === 'pipe' && def.in) return fieldsOf(def.in) as FieldsOf<S>[];
  if (def.innerType) return fieldsOf(def.innerType) as FieldsOf<S>[];
  throw new Error(`not a form schema (an object, or a pipe from one): ${def.type}`);
}

function refuseUnauthenticated<F extends string>(fields?: Record<string, string>): ActionState<F> {
  log.warn('action.unauthenticated', fields);
  return {
    status: 'error',
    message: { text: APP_MSG.notAuthenticated },
    unauthenticated: true,
  };
}

type PlainAction<A extends unknown[], R> = (...args: A) => Promise<R>;

/** Checks nothing: the handler parses its own arguments. */
export function publicAction<A extends unknown[], R>(
  handler: (...args: A) => Promise<R>,
): PlainAction<A, R> {
  return async (...args: A) => inRequest(() => handler(...args));
}

/** Only for logout, which must also work without a session; everything else uses `authed`. */
export function withSession<A extends unknown[], R>(
  handler: (session: Session | null, ...args: A) => Promise<R>,
): PlainAction<A, R> {
  return async (...args: A) => inRequest(async () => handler(await verifySession(), ...args));
}

export function authed<A extends unknown[], F extends string>(
  handler: (ctx: { session: Session }, ...args: A) => Promise<ActionState<F>>,
  options: AuthedOptions = {},
): PlainAction<A, ActionState<F>> {
  return withSession(async (session, ...args: A) => {
    if (!session) return refuseUnauthenticated<F>();
    if (options.ownCredentials && session.claims.provider)
      return { status: 'error', message: { text: FLOW_MSG.federatedSetting } };
    return handler({ session }, ...args);
  });
}

type AuthedOptions = {
  /** Refused for an account that signs in with Google, which holds these (decision 015). */
  ownCredentials?: boolean;
};

export function withPendingEmail<A extends unknown[], F extends string>(
  handler: (ctx: { email: string }, ...args: A) => Promise<ActionState<F>>,
): PlainAction<A, ActionState<F>> {
  return async (...args: A) =>
    inRequest(async () => {
      const email = await getPendingEmail();
      if (!email) return refuseUnauthenticated<F>({ wants: 'pending-email' });
      return handler({ email }, ...args);
    });
}

type FormContext<F extends string> = {
  values: Partial<Record<F, string>>;
  form: FormData;
};

type Handler<S extends $ZodType, Extra> = (
  data: output<S>,
  ctx: FormContext<FieldsOf<S>> & Extra,
) => Promise<ActionState<FieldsOf<S>>>;

type FormAction<F extends string> = (
  prev: ActionState<F>,
  formData: FormData,
) => Promise<ActionState<F>>;

async function parseForm<S extends $ZodType, Extra>(
  schema: S,
  fields: readonly FieldsOf<S>[],
  formData: unknown,
  handler: Handler<S, Extra>,
  extra: Extra,
): Promise<ActionState<FieldsOf<S>>> {
  const form = formData instanceof FormData ? formData : new FormData();
  const input = formToObject(form);
  const values = echo(input, fields);
  const parsed = safeParse(schema, input);
  if (!parsed.success) return { status: 'error', fieldErrors: fieldErrorsOf(parsed.error), values };
  return handler(parsed.data, { values, form, ...extra });
}

export function validatedAction<S extends $ZodType>(
  schema: S,
  handler: Handler<S, object>,
): FormAction<FieldsOf<S>> {
  const fields = fieldsOf(schema);
  return async (_prev, formData) =>
    inRequest(() => parseForm(schema, fields, formData, handler, {}));
}

export function authedAction<S extends $ZodType>(
  schema: S,
  handler: Handler<S, { session: Session }>,
  options: AuthedOptions = {},
): FormAction<FieldsOf<S>> {
  const fields = fieldsOf(schema);
  const run = authed<[formData: unknown], FieldsOf<S>>(
    ({ session }, formData) => parseForm(schema, fields, formData, handler, { session }),
    options,
  );
  return async (_prev, formData) => run(formData);
}

/** The one mapping of an identity-service failure to a form's answer (docs/architecture.md §5). */
export function failureState<F extends string>(
  failure: AuthFailure,
  {
    codeField,
    passwordField,
    values,
    data,
    signOutIfGone = false,
  }: {
    codeField?: F;
    passwordField?: F;
    values?: Partial<Record<F, string>>;
    data?: Record<string, string>;
    signOutIfGone?: boolean;
  } = {},
): ActionState<F> {
  const rest = { ...(values ? { values } : {}), ...(data ? { data } : {}) };
  const field =
    failure.kind === 'code-mismatch'
      ? codeField
      : failure.kind === 'wrong-password'
        ? passwordField
        : undefined;
  if (field) {
    const fieldErrors = { [field]: [failure.message] } as ActionState<F>['fieldErrors'];
    return { status: 'error', fieldErrors, ...rest };
  }
  if (failure.kind === 'session-invalid')
    return { status: 'error', message: failure.message, unauthenticated: true, ...rest };
  if (failure.kind === 'user-not-found' && signOutIfGone)
    return {
      status: 'error',
      message: failure.message,
      ...rest,
      data: { ...data, signOut: 'user-not-found' },
    };
  return { status: 'error', message: failure.message, ...rest };
}
