// No schema here: pages show these words without loading the validation library (decision 023).

export const TWO_STEP_METHODS = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'] as const;
export type TwoStepMethod = (typeof TWO_STEP_METHODS)[number];

export const METHOD_LABEL: Record<TwoStepMethod, string> = {
  SOFTWARE_TOKEN_MFA: 'Authenticator app',
  SMS_MFA: 'Text message',
  EMAIL_OTP: 'Email',
};
