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

/** Cognito's own wording, shared by several operations. */
export const MESSAGES = {
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
  // Not confirmed against a real pool (the SDK model names the exceptions, not their messages):
  passwordReused: 'Password has previously been used',
  refreshReused: 'Refresh token has been reused',
  rotationOn:
    'Refresh token rotation is enabled for this app client: use GetTokensFromRefreshToken.',
  tooManyRequests: 'Too many requests',
  mfaCodeMismatch: 'Invalid code received for user',
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
  noVerifiedContact:
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
} as const;
