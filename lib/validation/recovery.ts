import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import { currentPasswordField } from '@/lib/validation/schemas';
import { twoStepMethodField } from '@/lib/validation/two-step';

const required = MSG.recoveryCodeRequired;

/** A recovery code as typed (the server reads it: lib/two-step/recovery.ts), and the password. */
export const recoveryCodeSignInSchema = z.object({
  recoveryCode: z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(40, required)),
  password: currentPasswordField(MSG.passwordRequired),
});

/** Another method that is on, asked for instead of the one at hand, with the password again. */
export const switchTwoStepSchema = z.object({
  method: twoStepMethodField,
  password: currentPasswordField(MSG.passwordRequired),
});
