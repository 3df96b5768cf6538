import type { $ZodType } from 'zod/v4/core';
import type { TwoStepMethod } from './two-step-methods';

// Each schema loads on its form's first check or focus, not with the page (decision 023).
const schemas = () => import('./schemas');
const twoStep = () => import('./two-step');
const proof = () => import('./proof');
const authenticator = () => import('./authenticator');
const recovery = () => import('./recovery');

type Load = () => Promise<$ZodType>;
const from =
  <M>(load: () => Promise<M>, pick: (m: M) => $ZodType): Load =>
  () =>
    load().then(pick);

export const loadSchema = {
  signIn: from(schemas, (m) => m.signInSchema),
  signInEmail: from(schemas, (m) => m.signInEmailSchema),
  signUp: from(schemas, (m) => m.signUpSchema),
  verificationCode: from(schemas, (m) => m.verificationCodeSchema),
  forgotRequest: from(schemas, (m) => m.forgotRequestSchema),
  forgotConfirm: from(schemas, (m) => m.forgotConfirmSchema),
  newPasswordChallenge: from(schemas, (m) => m.newPasswordChallengeSchema),
  name: from(schemas, (m) => m.nameSchema),
  changePassword: from(schemas, (m) => m.changePasswordSchema),
  verifyEmailChange: from(schemas, (m) => m.verifyEmailChangeSchema),
  authenticatorCode: from(authenticator, (m) => m.authenticatorCodeSchema),
  twoStepMethod: from(twoStep, (m) => m.twoStepMethodSchema),
  authenticatorTurnOff: from(proof, (m) => m.authenticatorTurnOffSchema),
  recoveryCodeSignIn: from(recovery, (m) => m.recoveryCodeSignInSchema),
  switchTwoStep: from(recovery, (m) => m.switchTwoStepSchema),
  twoStepCode: (method: TwoStepMethod) => from(twoStep, (m) => m.twoStepCodeSchema(method)),
  codeMethodOff: (proofWithApp: boolean) =>
    from(twoStep, (m) => m.codeMethodOffSchema(proofWithApp)),
  proof: (twoStepOn: boolean) => from(proof, (m) => m.proofSchema(twoStepOn)),
  changeEmailProof: (twoStepOn: boolean) => from(proof, (m) => m.changeEmailProofSchema(twoStepOn)),
  changePhoneProof: (twoStepOn: boolean) => from(proof, (m) => m.changePhoneProofSchema(twoStepOn)),
};
