import { z } from 'zod';
import { MSG } from './messages';

/**
 * One set of schemas for the browser (react-hook-form) and the server actions. Field names are
 * the spec's (§3). Every rule reports its own message, so a form can show all of them at once.
 */

// Starts with a letter; letters, digits and ._%+- ; @ ; a domain ; a TLD of 2+ letters (spec §5).
export const EMAIL_PATTERN = /^[A-Za-z][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const MAX_EMAIL = 254;
// Cognito's own password limit.
const MAX_PASSWORD = 256;

/** The email as sign-in, sign-up and reset use it: trimmed and lowercased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const emailField = (required: string = MSG.emailRequired) =>
  z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(MAX_EMAIL, MSG.emailInvalid)
        .regex(EMAIL_PATTERN, MSG.emailInvalid)
        .transform(normalizeEmail),
    );

/** The password policy of spec §5; each unmet rule is its own issue. */
export const newPasswordField = (required: string = MSG.passwordRequired) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(MAX_PASSWORD, MSG.passwordLength)
    .superRefine((value, ctx) => {
      if (value.length === 0) return;
      const rules: [boolean, string][] = [
        [/[A-Z]/.test(value), MSG.passwordUpper],
        [/[a-z]/.test(value), MSG.passwordLower],
        [/[0-9]/.test(value), MSG.passwordNumber],
        [/[^A-Za-z0-9\s]/.test(value), MSG.passwordSpecial],
        [value.length >= 8, MSG.passwordLength],
      ];
      for (const [ok, message] of rules) if (!ok) ctx.addIssue({ code: 'custom', message });
    });

/** Sign-in only requires a non-empty password (spec §5). */
const currentPasswordField = (required: string) => z.string({ error: required }).min(1, required).max(MAX_PASSWORD);

/** Six single digits, as the OTP boxes send them (spec §5). */
export const codeField = z
  .array(z.string({ error: MSG.codeDigitsOnly }), { error: MSG.codeEnter })
  .transform((digits) => digits.join('').replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: MSG.codeEnter, abort: true })
      .regex(/^\d*$/, { error: MSG.codeDigitsOnly, abort: true })
      .length(6, MSG.codeLength),
  );

export const signInSchema = z.object({
  email: emailField(),
  password: currentPasswordField(MSG.passwordRequired),
});

export const signUpSchema = z
  .object({
    email: emailField(),
    password: newPasswordField(),
    verifyPassword: z.string({ error: MSG.verifyPasswordRequired }).min(1, MSG.verifyPasswordRequired),
  })
  .refine((v) => v.verifyPassword === '' || v.password === v.verifyPassword, {
    path: ['verifyPassword'],
    message: MSG.passwordsMustMatch,
  });

export const verifyEmailSchema = z.object({ code: codeField });

export const forgotRequestSchema = z.object({ email: emailField() });

export const forgotConfirmSchema = z
  .object({
    email: emailField(),
    verificationCode: codeField,
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: z
      .string({ error: MSG.confirmNewPasswordRequired })
      .min(1, MSG.confirmNewPasswordRequired),
  })
  .refine((v) => v.confirmNewPassword === '' || v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: MSG.passwordsMustMatch,
  });

/** An invited user's first password (NEW_PASSWORD_REQUIRED): the policy plus confirmation. */
export const newPasswordChallengeSchema = z
  .object({
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: z
      .string({ error: MSG.confirmNewPasswordRequired })
      .min(1, MSG.confirmNewPasswordRequired),
  })
  .refine((v) => v.confirmNewPassword === '' || v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: MSG.passwordsMustMatch,
  });

export const nameSchema = z.object({
  name: z
    .string({ error: MSG.nameRequired })
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: MSG.nameRequired, abort: true })
        .min(2, { error: MSG.nameLength, abort: true })
        .max(100, MSG.nameInvalid)
        // Letters, optionally separated by a space, dot, apostrophe or hyphen ("Mary-Jane O'Neil Jr.").
        .regex(/^\p{L}+(?:(?:[ .'-]|\. )\p{L}+)*\.?$/u, MSG.nameInvalid),
    ),
});

/** US numbers only: 11 digits starting with 1, sent as +digits (spec §5). */
export const phoneSchema = z.object({
  phoneNo: z
    .string({ error: MSG.phoneRequired })
    .transform((s) => s.replace(/[\s()+.-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, { error: MSG.phoneRequired, abort: true })
        .refine((d) => d !== '1', { error: MSG.phoneRequired, abort: true })
        .regex(/^1[2-9]\d{9}$/, MSG.phoneInvalid)
        .transform((d) => `+${d}`),
    ),
});

export const changeEmailSchema = z.object({ email: emailField(MSG.emailEmpty) });

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField(MSG.currentPasswordRequired),
    newPassword: newPasswordField(MSG.newPasswordRequired),
    confirmNewPassword: z
      .string({ error: MSG.confirmNewPasswordRequired })
      .min(1, MSG.confirmNewPasswordRequired),
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: MSG.newPasswordSame,
  })
  .refine((v) => v.confirmNewPassword === '' || v.newPassword === v.confirmNewPassword, {
    path: ['confirmNewPassword'],
    message: MSG.passwordsMustMatch,
  });

export type SignInInput = z.input<typeof signInSchema>;
export type SignUpInput = z.input<typeof signUpSchema>;

/** Confirming a new email: the address it was sent to and the code (spec §4). */
export const verifyEmailChangeSchema = z.object({ email: emailField(MSG.emailEmpty), code: codeField });
