'use server';

// The profile's server actions: each is one of lib/profile's, through lib/actions.ts's wrappers.

import * as account from '@/lib/profile/account';
import * as email from '@/lib/profile/email';
import * as phone from '@/lib/profile/phone';
import * as twostep from '@/lib/profile/two-step';
import * as passkeys from '@/lib/profile/passkeys';

export type { OthersOutcome } from '@/lib/profile/account';
export const updateNameAction = account.updateNameAction;
export const changePasswordAction = account.changePasswordAction;
export const signOutEverywhereAction = account.signOutEverywhereAction;
export const forgetDeviceAction = account.forgetDeviceAction;
export const deleteAccountAction = account.deleteAccountAction;
export const requestEmailChangeAction = email.requestEmailChangeAction;
export const resendEmailChangeCodeAction = email.resendEmailChangeCodeAction;
export const verifyEmailChangeAction = email.verifyEmailChangeAction;
export const requestPhoneChangeAction = phone.requestPhoneChangeAction;
export const resendPhoneCodeAction = phone.resendPhoneCodeAction;
export const verifyPhoneAction = phone.verifyPhoneAction;
export const startAuthenticatorSetupAction = twostep.startAuthenticatorSetupAction;
export const confirmAuthenticatorSetupAction = twostep.confirmAuthenticatorSetupAction;
export const turnOffTwoStepAction = twostep.turnOffTwoStepAction;
export const turnOnCodeMethodAction = twostep.turnOnCodeMethodAction;
export const turnOffCodeMethodAction = twostep.turnOffCodeMethodAction;
export const proveTwoStepChangeAction = twostep.proveTwoStepChangeAction;
export const preferMethodAction = twostep.preferMethodAction;
export const startPasskeyAction = passkeys.startPasskeyAction;
export const provePasskeyAction = passkeys.provePasskeyAction;
export const completePasskeyAction = passkeys.completePasskeyAction;
export const removePasskeyAction = passkeys.removePasskeyAction;
