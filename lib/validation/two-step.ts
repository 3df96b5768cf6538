import * as z from 'zod/mini';
import { MSG } from '@/lib/messages/fields';
import { sixDigitCode } from '@/lib/validation/schemas';
import { proofShape } from '@/lib/validation/proof';
import { TWO_STEP_METHODS, type TwoStepMethod } from '@/lib/validation/two-step-methods';

export {
  METHOD_LABEL,
  TWO_STEP_METHODS,
  type TwoStepMethod,
} from '@/lib/validation/two-step-methods';

export const METHOD_CODE_ENTER: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: MSG.authenticatorCodeEnter,
  SMS_MFA: MSG.textCodeEnter,
  EMAIL_OTP: MSG.emailCodeEnter,
};

export const twoStepMethodField = z.enum(TWO_STEP_METHODS, { error: 'Invalid MFA type' });

export const twoStepMethodSchema = z.object({ method: twoStepMethodField });

export const twoStepCodeSchema = (method: TwoStepMethod) =>
  z.object({ code: sixDigitCode(METHOD_CODE_ENTER[method]) });

export const codeMethodField = z.enum(['SMS_MFA', 'EMAIL_OTP'], { error: 'Invalid MFA type' });

export const codeMethodOffSchema = (codeRequired: boolean) =>
  z.object({ method: codeMethodField, ...proofShape(codeRequired) });
