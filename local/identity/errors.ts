/** An error answered the way Cognito does: HTTP 400 with `{"__type", "message"}`. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

const make = (type: string) => (message: string) => new CognitoError(type, message);

export const notAuthorized = make('NotAuthorizedException');
export const invalidParameter = make('InvalidParameterException');
export const serialization = make('SerializationException');
export const invalidPassword = make('InvalidPasswordException');
export const codeMismatch = make('CodeMismatchException');
export const expiredCode = make('ExpiredCodeException');
export const limitExceeded = make('LimitExceededException');
export const userNotFound = make('UserNotFoundException');
export const resourceNotFound = make('ResourceNotFoundException');
export const passwordHistoryViolation = make('PasswordHistoryPolicyViolationException');
export const refreshTokenReuse = make('RefreshTokenReuseException');
export const tooManyRequests = make('TooManyRequestsException');
export const userNotConfirmed = make('UserNotConfirmedException');
export const userPoolAddOnNotEnabled = make('UserPoolAddOnNotEnabledException');
export const webAuthnNotEnabled = make('WebAuthnNotEnabledException');
export const webAuthnChallengeNotFound = make('WebAuthnChallengeNotFoundException');
export const webAuthnRelyingPartyMismatch = make('WebAuthnRelyingPartyMismatchException');
export const webAuthnOriginNotAllowed = make('WebAuthnOriginNotAllowedException');
export const webAuthnCredentialNotSupported = make('WebAuthnCredentialNotSupportedException');

/** Cognito's own wording, shared by several operations. */
export const MESSAGES = {
  deviceNotFound: 'Device does not exist.',
  deviceTrackingOff: 'Device tracking is not enabled for this user pool.',
  threatProtectionOff: 'Advanced security features are not enabled for this user pool.',
  refreshInvalidForDevice: 'Invalid Refresh Token',
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  userNotFoundForClient: 'Username/client id combination not found.',
  userDoesNotExist: 'User does not exist.',
  emailExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  accessExpired: 'Access Token has expired',
  accessRevoked: 'Access Token has been revoked',
  accessInvalid: 'Invalid Access Token',
  refreshExpired: 'Refresh Token has expired',
  refreshRevoked: 'Refresh Token has been revoked',
  refreshInvalid: 'Invalid Refresh Token',
  invalidSession: 'Invalid session for the user, session is expired.',
  sessionUsed: 'Invalid session for the user, session can only be used once.',
  missingScopes: 'Access Token does not have required scopes',
  // Not confirmed against a real pool (the SDK model names the exceptions, not their messages):
  passwordReused: 'Password has previously been used',
  refreshReused: 'Refresh token has been reused',
  // Cognito's answer to a flow the app client does not allow.
  flowNotEnabled: 'Auth flow not enabled for this client',
  // SignUp without a password where passwordless sign-in is not available (not confirmed).
  passwordRequired: 'Password is required.',
  tooManyRequests: 'Too many requests',
  mfaCodeMismatch: 'Invalid code received for user',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
  noVerifiedContact:
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  // Choice-based sign-in and passkeys (not confirmed either):
  unknownChallengeChoice: 'The challenge is not available for this user.',
  noSignInChoice: 'No sign-in method is available for this user.',
  badPreferredChallenge: 'Invalid PREFERRED_CHALLENGE.',
  webAuthnNotEnabled: 'Passkeys are not enabled for this user pool.',
  webAuthnNoChallenge: 'No passkey registration is in progress for this user, or it has expired.',
  webAuthnOrigin: 'The credential origin is not allowed for this relying party.',
  webAuthnRelyingParty: 'The credential was made for another relying party.',
  webAuthnNotSupported: 'This passkey is not supported.',
  webAuthnUvRequired: 'This user pool requires passkeys that verify the user.',
  webAuthnInvalid: 'The credential could not be read.',
  webAuthnAlreadyRegistered: 'This passkey is already registered.',
  passkeyLimit: 'A user can register up to 20 passkeys.',
  passkeyNotFound: 'The passkey does not exist.',
  invalidNextToken: 'Invalid pagination token.',
  passkeyMfaNotAvailable: 'Passkey MFA is not enabled for this user pool.',
  // The wording of these four is not confirmed against a pool (README: known differences).
  mfaNotDeliverable: 'User does not have delivery config set for the MFA type.',
  invalidMfaChoice: 'The MFA type is not available for this user.',
  mfaRequired: 'MFA is required for this user pool: at least one MFA method must stay on.',
  mfaSetupIncomplete: 'Verify a software token (VerifySoftwareToken) before completing MFA_SETUP.',
  // Unconfirmed wordings (local/identity/README.md): AWS publishes neither.
  emailMfaSetupOff: 'Email MFA is not enabled for this user pool.',
  emailMfaSetupAddress: "The email address must be the user's own email address.",
  passkeyMfaNeedsOther: 'Passkey MFA needs another MFA method activated for the user.',
} as const;
