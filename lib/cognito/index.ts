import 'server-only';

// Nothing outside lib/cognito imports the SDK.

export { CHANNEL_ATTRIBUTE } from '@/contract/local-stack';
export type { UserClaims } from '@/lib/session/claims';
export {
  type DeviceCredentials,
  type NewDevice,
  type Result,
  type SignInContext,
  type SignInOutcome,
  type Tokens,
  claimsFromAttributes,
  claimsFromIdToken,
  tokensFrom,
} from './shared';
export {
  type AnsweredChallenge,
  type PasswordlessFactor,
  refresh,
  respondToChallenge,
  wrongCodeFailure,
  signIn,
  startPasswordless,
} from './sign-in';
export {
  changePassword,
  confirmForgotPassword,
  confirmSession,
  confirmSignUp,
  deleteOwnAccount,
  forgotPassword,
  getUser,
  globalSignOut,
  resendSignUpCode,
  revokeRefreshToken,
  revokeRefreshTokenWithRetry,
  sendAttributeCode,
  signUp,
  updateAttributes,
  verifyAttribute,
} from './account';
export {
  MFA_METHODS,
  type MfaMethod,
  type MfaSettings,
  associateForSetup,
  setUpEmailCodes,
  associateSoftwareToken,
  completeMfaSetup,
  getMfaSettings,
  preferMfaMethod,
  setMfaMethod,
  setPasskeyMfa,
  setSoftwareTokenMfa,
  verifySoftwareToken,
} from './mfa';
export { type PendingProof, reauthenticate } from './reauth';
export {
  type Passkey,
  completePasskeyRegistration,
  deletePasskey,
  listPasskeys,
  startPasskeyRegistration,
} from './passkeys';
export {
  DEVICE_PAGE_SIZE,
  type TrackedDevice,
  confirmDevice,
  forgetDevice,
  listDevices,
  setDeviceRemembered,
} from './devices';
export { newDeviceSecret } from './srp';
