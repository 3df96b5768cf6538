import type { $ZodType } from 'zod/v4/core';
import type { TwoStepMethod } from './two-step-methods';

// Each schema loads on its form's first check or focus, not with the page (decision 023).
const schemas = () => import('./schemas');
const twoStep = () => import('./two-step');
const proof = () => import('./proof');
const authenticator = () => import('./authenticator');

type Load = () => Promise<$ZodType>;

export const loadSchema = {
  signIn: () => schemas().then((m) => m.signInSchema),
  signInEmail: () => schemas().then((m) => m.signInEmailSchema),
  signUp: () => schemas().then((m) => m.signUpSchema),
  verificationCode: () => schemas().then((m) => m.verificationCodeSchema),
  forgotRequest: () => schemas().then((m) => m.forgotRequestSchema),
  forgotConfirm: () => schemas().then((m) => m.forgotConfirmSchema),
  newPasswordChallenge: () => schemas().then((m) => m.newPasswordChallengeSchema),
  name: () => schemas().then((m) => m.nameSchema),
  changePassword: () => schemas().then((m) => m.changePasswordSchema),
  verifyEmailChange: () => schemas().then((m) => m.verifyEmailChangeSchema),
  authenticatorCode: () => authenticator().then((m) => m.authenticatorCodeSchema),
  twoStepMethod: () => twoStep().then((m) => m.twoStepMethodSchema),
  authenticatorTurnOff: () => proof().then((m) => m.authenticatorTurnOffSchema),
  twoStepCode:
    (method: TwoStepMethod): Load =>
    () =>
      twoStep().then((m) => m.twoStepCodeSchema(method)),
  codeMethodOff:
    (proofWithApp: boolean): Load =>
    () =>
      twoStep().then((m) => m.codeMethodOffSchema(proofWithApp)),
  proof:
    (twoStepOn: boolean): Load =>
    () =>
      proof().then((m) => m.proofSchema(twoStepOn)),
  changeEmailProof:
    (twoStepOn: boolean): Load =>
    () =>
      proof().then((m) => m.changeEmailProofSchema(twoStepOn)),
  changePhoneProof:
    (twoStepOn: boolean): Load =>
    () =>
      proof().then((m) => m.changePhoneProofSchema(twoStepOn)),
};
