import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import {
  changeEmailSchema,
  currentPasswordField,
  optionalSixDigitCode,
  phoneSchema,
} from '@/lib/validation/schemas';
import { authenticatorCodeField } from './authenticator';

const currentPassword = currentPasswordField(MSG.currentPasswordRequired);

/** The server takes the code as optional: Cognito's own sign-in says whether one is needed. */
export const proofShape = (codeRequired: boolean) => ({
  currentPassword,
  code: codeRequired ? authenticatorCodeField : optionalSixDigitCode(),
});

export const proofSchema = (codeRequired: boolean) => z.object(proofShape(codeRequired));

export const authenticatorTurnOffSchema = proofSchema(true);

export const changeEmailProofSchema = (codeRequired: boolean) =>
  z.object({ ...changeEmailSchema.shape, ...proofShape(codeRequired) });

export const changePhoneProofSchema = (codeRequired: boolean) =>
  z.object({ ...phoneSchema.shape, ...proofShape(codeRequired) });

export type ProofField = keyof ReturnType<typeof proofShape>;
