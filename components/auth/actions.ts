'use server';

import * as signin from '@/lib/auth/sign-in';
import * as signup from '@/lib/auth/sign-up';
import * as reset from '@/lib/auth/reset';
import * as notme from '@/lib/auth/not-me';
import * as recovery from '@/lib/auth/recovery';

export const signInAction = signin.signInAction;
export const twoStepSignInAction = signin.twoStepSignInAction;
export const chooseTwoStepMethodAction = signin.chooseTwoStepMethodAction;
export const setupTwoStepSignInAction = signin.setupTwoStepSignInAction;
export const chooseSetupMethodAction = signin.chooseSetupMethodAction;
export const newPasswordChallengeAction = signin.newPasswordChallengeAction;
export const emailCodeStartAction = signin.emailCodeStartAction;
export const emailCodeSignInAction = signin.emailCodeSignInAction;
export const resendSignInCodeAction = signin.resendSignInCodeAction;
export const passkeySignInStartAction = signin.passkeySignInStartAction;
export const passkeySignInFinishAction = signin.passkeySignInFinishAction;
export const forgetRememberedEmailAction = signin.forgetRememberedEmailAction;
export const signUpAction = signup.signUpAction;
export const verifySignUpAction = signup.verifySignUpAction;
export const resendSignUpCodeAction = signup.resendSignUpCodeAction;
export const forgotRequestAction = reset.forgotRequestAction;
export const forgotConfirmAction = reset.forgotConfirmAction;
export const resendResetCodeAction = reset.resendResetCodeAction;
export const notMeAction = notme.notMeAction;
export const recoveryCodeSignInAction = recovery.recoveryCodeSignInAction;
export const switchTwoStepMethodAction = recovery.switchTwoStepMethodAction;
