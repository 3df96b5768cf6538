/**
 * The two-step methods and how each reads to a person. No schema here: pages import these words
 * without loading the validation library (the schemas load on a form's first focus, decision 023).
 */

/** The two-step methods by their challenge names, as the forms send them. */
export const TWO_STEP_METHODS = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'] as const;
export type TwoStepMethod = (typeof TWO_STEP_METHODS)[number];

/** How each method reads to a person. */
export const METHOD_LABEL: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: 'Authenticator app',
  SMS_MFA: 'Text message',
  EMAIL_OTP: 'Email',
};
