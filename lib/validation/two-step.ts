import * as z from 'zod/mini';
import { MSG } from '@/lib/validation/messages';
import { sixDigitCode } from '@/lib/validation/schemas';
import { proofShape } from '@/lib/validation/proof';
import { TWO_STEP_METHODS, type TwoStepMethod } from '@/lib/validation/two-step-methods';

export {
  METHOD_LABEL,
  TWO_STEP_METHODS,
  type TwoStepMethod,
} from '@/lib/validation/two-step-methods';

/** What the code boxes say is missing, for each method. */
export const METHOD_CODE_ENTER: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: MSG.authenticatorCodeEnter,
  SMS_MFA: MSG.textCodeEnter,
  EMAIL_OTP: MSG.emailCodeEnter,
};

/** A method from a form: one of the three, else the spec's 'Invalid MFA type'. */
export const twoStepMethodField = z.enum(TWO_STEP_METHODS, { error: 'Invalid MFA type' });

/** SELECT_MFA_TYPE's form: the chosen method. */
export const twoStepMethodSchema = z.object({ method: twoStepMethodField });

/** The code of a two-step sign-in, for each method (the words for a missing one differ). */
export const twoStepCodeSchema = (method: TwoStepMethod) =>
  z.object({ code: sixDigitCode(METHOD_CODE_ENTER[method]) });

/** The methods a signed-in creator turns on and off in the profile (the app has its own card). */
export const codeMethodField = z.enum(['SMS_MFA', 'EMAIL_OTP'], { error: 'Invalid MFA type' });

/** Turning a sent-code method off: which one, and the proof of who asks. */
export const codeMethodOffSchema = (codeRequired: boolean) =>
  z.object({ method: codeMethodField, ...proofShape(codeRequired) });
