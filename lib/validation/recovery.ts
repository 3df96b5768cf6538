import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import { currentPasswordField } from '@/lib/validation/schemas';

const required = MSG.recoveryCodeRequired;

/** A recovery code as typed (the server reads it: lib/two-step/recovery.ts), and the password. */
export const recoveryCodeSignInSchema = z.object({
  recoveryCode: z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(40, required)),
  password: currentPasswordField(MSG.passwordRequired),
});
