import * as z from 'zod/mini';
import { MSG } from '@/lib/validation/messages';
import {
  changeEmailSchema,
  currentPasswordField,
  optionalSixDigitCode,
  phoneSchema,
} from '@/lib/validation/schemas';
import { authenticatorCodeField } from './authenticator';

/**
 * Proving who is at the keyboard before a sensitive change (ASVS 3.7.1): the current password and,
 * when the account has authenticator-app two-step on, a current code. Shared by the dialogs and
 * their server actions.
 */

const currentPassword = currentPasswordField(MSG.currentPasswordRequired);

/**
 * The proof's fields. The browser asks for the code when it knows two-step is on; the server takes
 * the code as optional and lets Cognito's own sign-in say whether one is needed.
 */
export const proofShape = (codeRequired: boolean) => ({
  currentPassword,
  code: codeRequired ? authenticatorCodeField : optionalSixDigitCode(),
});

export const proofSchema = (codeRequired: boolean) => z.object(proofShape(codeRequired));

/** Turning two-step off always asks for a code: it is on (docs/decisions/005-turning-off-mfa.md). */
export const authenticatorTurnOffSchema = proofSchema(true);

export const changeEmailProofSchema = (codeRequired: boolean) =>
  z.object({ ...changeEmailSchema.shape, ...proofShape(codeRequired) });

export const changePhoneProofSchema = (codeRequired: boolean) =>
  z.object({ ...phoneSchema.shape, ...proofShape(codeRequired) });

export type ProofField = keyof ReturnType<typeof proofShape>;
