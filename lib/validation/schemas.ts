import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import { NAME_MAX } from './limits';
import { PASSWORD_RULES } from './password-rules';

// zod/mini: these schemas ship to the browser; the full API adds about 20 KB (gzip) per form page.

// docs/product.md §5.1
export const EMAIL_PATTERN =
  /^[A-Za-z][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const MAX_EMAIL = 254;
// Cognito's own password limit.
const MAX_PASSWORD = 256;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const emailField = (required: string = MSG.emailRequired) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required, abort: true }),
      z.maxLength(MAX_EMAIL, MSG.emailInvalid),
      z.regex(EMAIL_PATTERN, MSG.emailInvalid),
      z.toLowerCase(),
    );

export const newPasswordField = (required: string = MSG.passwordRequired) =>
  z.string({ error: required }).check(
    z.minLength(1, required),
    z.maxLength(MAX_PASSWORD, MSG.passwordLength),
    z.superRefine((value: string, ctx) => {
      if (value.length === 0) return;
      // The messages in the order the rules were always told; the checklist shares the rules.
      for (const id of ['upper', 'lower', 'number', 'special', 'length'] as const) {
        const rule = PASSWORD_RULES.find((r) => r.id === id)!;
        if (!rule.met(value)) ctx.addIssue({ code: 'custom', message: rule.message, input: value });
      }
    }),
  );

export const currentPasswordField = (required: string) =>
  z.string({ error: required }).check(z.minLength(1, required), z.maxLength(MAX_PASSWORD));

const requiredText = (message: string) =>
  z.string({ error: message }).check(z.minLength(1, message));

const joinDigits = (digits: string[]) => digits.join('').replace(/\s/g, '');
const digitBoxes = (params?: { error: string }) =>
  z.array(z.string({ error: MSG.codeDigitsOnly }), params);
const digitsOnly = () => z.regex(/^\d*$/, { error: MSG.codeDigitsOnly, abort: true });

/** `enter` is what an empty code reads: the email wording, or the app's for authenticator codes. */
export const sixDigitCode = (enter: string) =>
  z.pipe(
    z.pipe(digitBoxes({ error: enter }), z.transform(joinDigits)),
    z
      .string()
      .check(
        z.minLength(1, { error: enter, abort: true }),
        digitsOnly(),
        z.length(6, MSG.codeLength),
      ),
  );

export const optionalSixDigitCode = () =>
  z.pipe(
    z.pipe(
      z.optional(digitBoxes()),
      z.transform((digits: string[] | undefined) => joinDigits(digits ?? [])),
    ),
    z.string().check(
      digitsOnly(),
      z.refine((code: string) => code.length === 0 || code.length === 6, MSG.codeLength),
    ),
  );

export const verificationCodeField = sixDigitCode(MSG.codeEnter);

const matching = (field: string, confirm: string) =>
  z.refine<Record<string, unknown>>((v) => v[confirm] === '' || v[field] === v[confirm], {
    path: [confirm],
    error: MSG.passwordsMustMatch,
  });

export const signInSchema = z.object({
  email: emailField(),
  password: currentPasswordField(MSG.passwordRequired),
});

export const signUpSchema = z
  .object({
    email: emailField(),
    password: newPasswordField(),
    verifyPassword: requiredText(MSG.verifyPasswordRequired),
  })
  .check(matching('password', 'verifyPassword'));

export const verificationCodeSchema = z.object({ code: verificationCodeField });

export const forgotRequestSchema = z.object({ email: emailField() });

export const signInEmailSchema = z.object({ email: emailField() });

export const forgotConfirmSchema = z
  .object({
    email: emailField(),
    verificationCode: verificationCodeField,
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: requiredText(MSG.confirmNewPasswordRequired),
  })
  .check(matching('newPassword', 'confirmNewPassword'));

export const newPasswordChallengeSchema = z
  .object({
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: requiredText(MSG.confirmNewPasswordRequired),
  })
  .check(matching('newPassword', 'confirmNewPassword'));

export const nameSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).check(
    z.overwrite((s: string) => s.trim().replace(/\s+/g, ' ')),
    z.minLength(1, { error: MSG.nameRequired, abort: true }),
    z.minLength(2, { error: MSG.nameLength, abort: true }),
    z.maxLength(NAME_MAX, { error: MSG.nameTooLong, abort: true }),
    // docs/product.md §5.5
    z.regex(/^\p{L}+(?:(?:[ .'-]|\. )\p{L}+)*\.?$/u, MSG.nameInvalid),
  ),
});

export const phoneSchema = z.object({
  phoneNo: z.pipe(
    z.string({ error: MSG.phoneRequired }).check(
      z.overwrite((s: string) => s.replace(/[\s()+.-]/g, '')),
      z.minLength(1, { error: MSG.phoneRequired, abort: true }),
      z.refine((d: string) => d !== '1', { error: MSG.phoneRequired, abort: true }),
      z.regex(/^1[2-9]\d{9}$/, MSG.phoneInvalid),
    ),
    z.transform((d: string) => `+${d}`),
  ),
});

export const changeEmailSchema = z.object({ email: emailField(MSG.emailEmpty) });

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField(MSG.currentPasswordRequired),
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: requiredText(MSG.confirmNewPasswordRequired),
  })
  .check(
    z.refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
      path: ['newPassword'],
      error: MSG.newPasswordSame,
    }),
    matching('newPassword', 'confirmNewPassword'),
  );

export const verifyEmailChangeSchema = z.object({
  email: emailField(MSG.emailEmpty),
  code: verificationCodeField,
});
