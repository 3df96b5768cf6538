import fc from 'fast-check';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import {
  authedAction,
  fieldsOf,
  formToObject,
  validatedAction,
  type ActionState,
} from '@/lib/actions';
import { getEnv } from '@/lib/runtime/env';
import { cookieNames, sealAs } from '@/lib/session/seal';
import {
  EMAIL_PATTERN,
  changeEmailSchema,
  changePasswordSchema,
  forgotConfirmSchema,
  forgotRequestSchema,
  nameSchema,
  newPasswordChallengeSchema,
  phoneSchema,
  signInSchema,
  signUpSchema,
  verificationCodeSchema,
  verifyEmailChangeSchema,
} from '@/lib/validation/schemas';
import { authenticatorCodeSchema } from '@/lib/validation/authenticator';
import * as schemas from '@/lib/validation/schemas';
import { cookieJar as jar, setClientAddress } from '@/test/next-headers';

/**
 * Property-based fuzzing of the parsing layer every server action shares (formToObject, the
 * schemas, validatedAction / authedAction): 1,000 generated forms per action. The e2e fuzz
 * (e2e/fuzz.spec.ts) sends a smaller sample of the same shapes over HTTP to the running app;
 * this is where the volume is, because a jest run costs microseconds per input, not a request.
 * Only Next's request APIs are stood in for (there is no request here); our code runs as is.
 */

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
setClientAddress('203.0.113.9');

const RUNS = 1000;
const SECRET_FIELDS = [
  'password',
  'verifyPassword',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'code',
  'verificationCode',
];
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'then',
];

const digits = (code: string): [string, string][] => [...code].map((d) => ['code', d]);
const EMAIL: [string, string] = ['email', ' Creator.One@Creator.Test '];
const STRONG = 'Sunny!Day42';

/** The actions that parse a form: schema, its fields (echoed when not secret), a valid form. */
const FORM_ACTIONS: {
  name: string;
  schema: $ZodType;
  fields: readonly string[];
  valid: [string, string][];
}[] = [
  {
    name: 'signInAction',
    schema: signInSchema,
    fields: ['email', 'password'],
    valid: [EMAIL, ['password', 'x']],
  },
  {
    name: 'signUpAction',
    schema: signUpSchema,
    fields: ['email', 'password', 'verifyPassword'],
    valid: [EMAIL, ['password', STRONG], ['verifyPassword', STRONG]],
  },
  {
    name: 'verifySignUpAction',
    schema: verificationCodeSchema,
    fields: ['code'],
    valid: digits('123456'),
  },
  { name: 'forgotRequestAction', schema: forgotRequestSchema, fields: ['email'], valid: [EMAIL] },
  {
    name: 'forgotConfirmAction',
    schema: forgotConfirmSchema,
    fields: ['email', 'verificationCode', 'newPassword', 'confirmNewPassword'],
    valid: [
      EMAIL,
      ...digits('654321').map(([, d]): [string, string] => ['verificationCode', d]),
      ['newPassword', STRONG],
      ['confirmNewPassword', STRONG],
    ],
  },
  {
    name: 'twoStepSignInAction',
    schema: authenticatorCodeSchema,
    fields: ['code'],
    valid: digits('000000'),
  },
  {
    name: 'newPasswordChallengeAction',
    schema: newPasswordChallengeSchema,
    fields: ['newPassword', 'confirmNewPassword'],
    valid: [
      ['newPassword', STRONG],
      ['confirmNewPassword', STRONG],
    ],
  },
  {
    name: 'verifyEmailAttributeAction',
    schema: verificationCodeSchema,
    fields: ['code'],
    valid: digits('123456'),
  },
  {
    name: 'updateNameAction',
    schema: nameSchema,
    fields: ['name'],
    valid: [['name', "  Mary-Jane   O'Neil Jr. "]],
  },
  {
    name: 'changePasswordAction',
    schema: changePasswordSchema,
    fields: ['currentPassword', 'newPassword', 'confirmNewPassword'],
    valid: [
      ['currentPassword', 'Old!Pass1'],
      ['newPassword', STRONG],
      ['confirmNewPassword', STRONG],
    ],
  },
  {
    name: 'requestEmailChangeAction',
    schema: changeEmailSchema,
    fields: ['email'],
    valid: [EMAIL],
  },
  {
    name: 'verifyEmailChangeAction',
    schema: verifyEmailChangeSchema,
    fields: ['email', 'code'],
    valid: [EMAIL, ...digits('123456')],
  },
  {
    name: 'requestPhoneChangeAction',
    schema: phoneSchema,
    fields: ['phoneNo'],
    valid: [['phoneNo', '+1 (555) 123-4567']],
  },
  {
    name: 'verifyPhoneAction',
    schema: verificationCodeSchema,
    fields: ['code'],
    valid: digits('123456'),
  },
];

// ---- generators -------------------------------------------------------------------------------

const control = fc
  .array(fc.integer({ min: 0, max: 0x1f }), { maxLength: 20 })
  .map((cs) => String.fromCharCode(...cs));
const huge = fc
  .tuple(fc.string({ minLength: 1, maxLength: 3 }), fc.integer({ min: 1000, max: 12_000 }))
  .map(([s, n]) => s.repeat(n));
const plausible = fc.constantFrom(
  'creator@creator.test',
  ' Creator@Creator.Test ',
  'Sunny!Day42',
  '123456',
  '1',
  '+1 (555) 123-4567',
  '15551234567',
  "Mary-Jane O'Neil Jr.",
  '$K1',
  '$@0',
  '$undefined',
  '\u202eevil',
  'a@b.c',
  'x'.repeat(255) + '@a.co',
);
/** Values a form field may carry: anything a browser, a script or an attacker might send. */
export const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  control,
  huge,
  plausible,
  fc.emailAddress(),
  fc.stringMatching(/^\d{0,8}$/),
);
const fieldName = (fields: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fields) },
    fc.constantFrom(...PROTO_KEYS, '$ACTION_ID_x', '$ACTION_REF_1', '', ' email', 'EMAIL'),
    fc.string({ maxLength: 12 }),
  );
/** A form: any subset of the expected fields (missing ones), extra and hostile names, repeats. */
const formEntries = (fields: readonly string[]) =>
  fc.array(
    fc.tuple(fieldName(fields), fc.oneof({ weight: 9, arbitrary: fieldValue }, fc.constant(null))),
    { maxLength: 12 },
  );
/** A valid form with one entry changed, dropped or added: the inputs nearest the handler. */
const nearValid = (valid: [string, string][], fields: readonly string[]) =>
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('change', 'drop', 'add', 'keep'),
      fieldName(fields),
      fieldValue,
    )
    .map(([i, op, name, value]): [string, string | null][] => {
      const at = i % valid.length;
      if (op === 'change') return valid.map(([k, v], j) => [k, j === at ? value : v]);
      if (op === 'drop') return valid.filter((_, j) => j !== at);
      if (op === 'add') return [...valid, [name, value]];
      return valid;
    });

function toFormData(entries: [string, string | null][]): FormData {
  const fd = new FormData();
  // null stands for a file where a text field was expected (a wrong type).
  for (const [k, v] of entries)
    fd.append(k, v === null ? new Blob(['%PDF-1.4'], { type: 'application/pdf' }) : v);
  return fd;
}

// ---- what a typed answer looks like ------------------------------------------------------------

function expectMessage(m: unknown) {
  expect(m).toEqual(expect.objectContaining({ text: expect.any(String) }));
  expect((m as { text: string }).text.length).toBeGreaterThan(0);
  // Never internals: no stack frames, error class names or file paths.
  expect((m as { text: string }).text).not.toMatch(
    /\n\s+at |Error:|\/work\/|node_modules|\.tsx?:\d/,
  );
}

function expectTypedError(state: ActionState, fields: readonly string[]) {
  expect(state.status).toBe('error');
  // The whole answer crosses the wire as data: nothing that does not survive JSON.
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  expect(
    state.message !== undefined || (state.fieldErrors && Object.keys(state.fieldErrors).length > 0),
  ).toBe(true);
  if (state.message) expectMessage(state.message);
  for (const [key, messages] of Object.entries(state.fieldErrors ?? {})) {
    expect(fields).toContain(key);
    expect(Array.isArray(messages) && messages.length > 0).toBe(true);
    for (const m of messages as unknown[]) expectMessage(m);
  }
}

function expectSafeEcho(
  state: ActionState,
  fields: readonly string[],
  submitted: Record<string, string | string[]>,
) {
  for (const [key, value] of Object.entries(state.values ?? {})) {
    expect(fields).toContain(key);
    expect(SECRET_FIELDS).not.toContain(key);
    // What was typed, bounded; never anything the person did not send.
    expect(value).toBe(submitted[key]);
    expect((value as string).length).toBeLessThanOrEqual(4096);
  }
}

/** What each schema promises its handler once parsing succeeds. */
function expectCleanData(data: Record<string, unknown>) {
  for (const [key, value] of Object.entries(data)) {
    expect(typeof value).toBe('string');
    const v = value as string;
    if (key === 'email') {
      expect(v).toMatch(EMAIL_PATTERN);
      expect(v).toBe(v.trim().toLowerCase());
      expect(v.length).toBeLessThanOrEqual(254);
    }
    if (key === 'code' || key === 'verificationCode') expect(v).toMatch(/^\d{6}$/);
    if (key === 'phoneNo') expect(v).toMatch(/^\+1[2-9]\d{9}$/);
    if (key === 'name') {
      expect(v).toBe(v.trim());
      expect(v.length).toBeGreaterThanOrEqual(2);
      expect(v.length).toBeLessThanOrEqual(100);
      expect(v).not.toMatch(/[\u0000-\u001f]/);
    }
    if (/password/i.test(key)) expect(v.length).toBeLessThanOrEqual(256);
    if (key === 'newPassword') {
      expect(v.length).toBeGreaterThanOrEqual(8);
      expect(v).toMatch(/[A-Z]/);
      expect(v).toMatch(/[a-z]/);
      expect(v).toMatch(/\d/);
    }
  }
}

beforeEach(() => jar.clear());

// ---- formToObject ------------------------------------------------------------------------------

describe('formToObject', () => {
  it('never pollutes prototypes, drops $ACTION fields, bounds every value', () => {
    fc.assert(
      fc.property(formEntries(['email', 'code', 'password']), (entries) => {
        const out = formToObject(toFormData(entries));
        expect(Object.getPrototypeOf(out)).toBeNull();
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.prototype.toString).toBe(Object.prototype.toString);
        for (const key of Object.keys(out)) {
          expect(key.startsWith('$ACTION')).toBe(false);
          const v = out[key] ?? '';
          if (key === 'code' || key === 'verificationCode') {
            expect(Array.isArray(v)).toBe(true);
            expect((v as string[]).length).toBeLessThanOrEqual(6);
          } else {
            expect(typeof v).toBe('string');
          }
          for (const s of ([] as string[]).concat(v)) expect(s.length).toBeLessThanOrEqual(4096);
        }
        // The first value of a repeated field wins, cut to 4 KB; a file reads as empty.
        for (const [k] of entries) {
          if (k.startsWith('$ACTION') || k === 'code' || k === 'verificationCode') continue;
          const first = entries.find(([k2]) => k2 === k)![1];
          expect(out[k]).toBe(first === null ? '' : first.slice(0, 4096));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- every action's parsing path ---------------------------------------------------------------

describe.each(FORM_ACTIONS)('$name parsing', ({ schema, fields, valid }) => {
  it('reads its fields from the schema', () => {
    expect(fieldsOf(schema)).toEqual(fields);
  });

  it(`answers a typed error or hands clean data on, for ${RUNS} generated forms`, async () => {
    let handed = 0;
    const action = validatedAction(schema, async (data) => {
      handed++;
      expectCleanData(data as Record<string, unknown>);
      return { status: 'success' };
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(formEntries(fields), nearValid(valid, fields)), async (entries) => {
        const fd = toFormData(entries);
        const state = (await action({ status: 'idle' }, fd)) as ActionState;
        if (state.status !== 'success') {
          expectTypedError(state, fields);
          expectSafeEcho(state, fields, formToObject(fd));
        }
      }),
      { numRuns: RUNS },
    );
    // Not only the error path: the near-valid forms reach the handler and are checked there too.
    expect(handed).toBeGreaterThan(RUNS / 20);
  });

  it('treats anything but FormData (a crafted call) as an empty form', async () => {
    const action = validatedAction(schema, async () => {
      throw new Error('the handler must not run on an empty form');
    });
    await fc.assert(
      fc.asyncProperty(
        fc.anything({
          withObjectString: true,
          withNullPrototype: true,
          withMap: true,
          withSet: true,
        }),
        async (junk) => {
          const state = (await action({ status: 'idle' }, junk as FormData)) as ActionState;
          expectTypedError(state, fields);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('parses an adversarial 4 KB value in bounded time (no catastrophic backtracking)', async () => {
    const action = validatedAction(schema, async () => ({ status: 'success' }));
    const attacks = [
      'a@' + 'a'.repeat(4090),
      'a@' + 'a-'.repeat(2040) + '!',
      'a' + '.a'.repeat(2040) + '@',
      'Ab '.repeat(1300) + '!',
      '1'.repeat(4096),
    ];
    for (const attack of attacks) {
      const fd = toFormData(fields.map((f) => [f, attack]));
      const started = performance.now();
      await action({ status: 'idle' }, fd);
      expect(performance.now() - started).toBeLessThan(250);
    }
  });
});

describe('every exported schema, including ones added after this file', () => {
  const all = (Object.entries(schemas) as [string, unknown][]).filter(
    (e): e is [string, $ZodType] =>
      e[0].endsWith('Schema') && typeof e[1] === 'object' && e[1] !== null && '_zod' in e[1],
  );
  const known = [
    'email',
    'password',
    'verifyPassword',
    'code',
    'verificationCode',
    'newPassword',
    'confirmNewPassword',
    'currentPassword',
    'name',
    'phoneNo',
  ];

  it('finds the schemas', () => {
    expect(all.map(([n]) => n)).toEqual(
      expect.arrayContaining(['signInSchema', 'nameSchema', 'phoneSchema']),
    );
  });

  it.each(all.map(([n, sch]) => [n, sch] as const))(
    `%s parses ${RUNS} generated forms without throwing, with worded issues`,
    (_name, schema) => {
      fc.assert(
        fc.property(formEntries(known), (entries) => {
          const parsed = safeParse(schema, formToObject(toFormData(entries)));
          if (!parsed.success) {
            for (const issue of parsed.error.issues) {
              expect(typeof issue.message).toBe('string');
              expect(issue.message.length).toBeGreaterThan(0);
              expect(issue.message).not.toMatch(/^Invalid input|^Expected /);
            }
          }
        }),
        { numRuns: RUNS },
      );
    },
  );
});

describe('plain-argument actions (resendResetCodeAction, resendEmailChangeCodeAction)', () => {
  it.each([
    ['forgotRequestSchema', forgotRequestSchema],
    ['changeEmailSchema', changeEmailSchema],
  ])('%s refuses any non-email argument without throwing', (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fieldValue), (email) => {
        const parsed = schema.safeParse({ email });
        if (parsed.success) expectCleanData(parsed.data);
        else for (const issue of parsed.error.issues) expect(typeof issue.message).toBe('string');
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- authedAction: the session check before any parsing ---------------------------------------

describe('authedAction', () => {
  const env = getEnv();
  const names = cookieNames(env);
  const claims = {
    sub: 'sub-1',
    email: 'a@creator.test',
    emailVerified: true,
    phoneNumberVerified: false,
    channelId: 'ch-1',
  };
  const future = () => Math.floor(Date.now() / 1000) + 3600;

  const cookieValue = fc.oneof(
    fieldValue,
    fc.constant('Fe26.2**'),
    fc.string().map((s) => `Fe26.2*1*${s}`),
    fc.base64String({ maxLength: 600 }).map((s) => `Fe26.2*1*${s}*${s}*${s}`),
  );

  it('refuses every tampered or foreign session cookie, and never runs the handler', async () => {
    const valid = await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: future(),
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    );
    const refresh = await sealAs(
      'refresh',
      { v: 1, refreshToken: 'rt', sub: 'sub-1', startedAt: Math.floor(Date.now() / 1000) },
      env,
    );
    const action = authedAction(nameSchema, async () => {
      throw new Error('the handler must not run without a session');
    });
    const tamper = fc.oneof(
      cookieValue,
      // Truncated, bit-flipped, or the refresh cookie swapped into the session slot.
      fc.integer({ min: 1, max: valid.lastIndexOf('~') - 1 }).map((n) => valid.slice(0, n)),
      // (Flips stay before iron-session's `~version` suffix, which is not authenticated data.)
      fc
        .tuple(
          fc.integer({ min: 0, max: valid.lastIndexOf('~') - 1 }),
          fc.constantFrom('A', 'z', '0', '*', '_'),
        )
        .filter(([i, c]) => valid[i] !== c)
        .map(([i, c]) => valid.slice(0, i) + c + valid.slice(i + 1)),
      fc.constant(refresh),
    );
    await fc.assert(
      fc.asyncProperty(tamper, fc.option(cookieValue), async (session, refreshValue) => {
        jar.clear();
        jar.set(names.session, session);
        if (refreshValue !== null) jar.set(names.refresh, refreshValue);
        const state = await action({ status: 'idle' }, toFormData([['name', 'Dana Scully']]));
        expect(state).toEqual({
          status: 'error',
          message: { text: 'User is not authenticated' },
          unauthenticated: true,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses an expired session whatever the form says, and admits a valid one', async () => {
    const expired = await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: 1,
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    );
    const valid = await sealAs(
      'session',
      {
        v: 1,
        accessToken: 'at',
        accessExpiresAt: future(),
        startedAt: Math.floor(Date.now() / 1000),
        seenAt: Math.floor(Date.now() / 1000),
        claims,
      },
      env,
    );
    let ran = 0;
    const action = authedAction(nameSchema, async ({ name }, { session }) => {
      ran++;
      expect(session.claims.sub).toBe('sub-1');
      return { status: 'success', data: { name } };
    });
    await fc.assert(
      fc.asyncProperty(formEntries(['name']), async (entries) => {
        jar.set(names.session, expired);
        const refused = await action({ status: 'idle' }, toFormData(entries));
        expect(refused.unauthenticated).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(ran).toBe(0);
    jar.set(names.session, valid);
    expect(await action({ status: 'idle' }, toFormData([['name', ' Dana  Scully ']]))).toEqual({
      status: 'success',
      data: { name: 'Dana Scully' },
    });
    expect(ran).toBe(1);
  });
});
