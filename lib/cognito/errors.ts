import { APP_MSG, FLOW_MSG, type Message } from '@/lib/messages';
import { COGNITO_MSG } from '@/lib/messages/cognito';

export type AuthContext =
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendSignUpCode'
  | 'forgotPassword'
  | 'confirmForgotPassword'
  | 'changePassword'
  | 'verifyEmail'
  | 'verifyPhone'
  | 'sendCode' // GetUserAttributeVerificationCode (email or phone)
  | 'updateAttributes'
  | 'refresh'
  | 'signOut'
  | 'getUser'
  | 'mfa'
  | 'mfaSent' // a code sent by text message or email after the password (SMS_MFA, EMAIL_OTP)
  | 'mfaMethod' // preferring the authenticator app
  | 'textCodesOn' // turning text-message codes on, or preferring them
  | 'emailCodesOn' // turning email codes on, or preferring them
  | 'mfaMethodOff' // turning text-message or email codes off
  | 'newPassword'
  | 'confirmSession'
  | 'mfaSetup' // AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference
  | 'reauth' // a signed-in person proving password and authenticator code again
  | 'bindChannel' // the admin call that sets the channel id
  | 'passwordless' // InitiateAuth USER_AUTH with an emailed code or a passkey
  | 'emailCodeSignIn' // the emailed sign-in code (EMAIL_OTP)
  | 'passkeySignIn' // the passkey's assertion (WEB_AUTHN)
  | 'passkeys' // adding, listing and removing passkeys
  | 'devices' // confirming, listing, remembering and forgetting devices
  | 'deleteAccount'; // DeleteUser, after the proof of the password

type FailureKind =
  | 'unconfirmed' // send a code and offer /verify-email
  | 'expired-code' // offer to resend
  | 'code-mismatch'
  | 'wrong-password' // a signed-in person's password proof: shown on the password field
  | 'user-not-found' // signed-in: sign out after 1 s
  | 'session-invalid' // clear the session, go to /login
  | 'exists'
  | 'challenge-expired' // start sign-in again
  | 'unavailable' // network or service trouble: worth a retry
  | 'locked' // Cognito's lockout after repeated wrong passwords or codes: wait
  | 'other';

export type AuthFailure = { kind: FailureKind; message: Message; name: string };

type Rule = {
  name: string;
  when?: RegExp;
  in?: AuthContext[];
  kind: FailureKind;
  message: (ctx: { support: string; raw: string }) => Message;
};

const INCORRECT = /incorrect username or password/i;
const LOCKED_OUT = /attempts exceeded/i;
/** Cognito counts the codes sent per user and hour. */
const CODE_REQUESTS: AuthContext[] = [
  'forgotPassword',
  'resendSignUpCode',
  'sendCode',
  'passwordless',
];
const text = (t: string) => () => ({ text: t });

const SESSION_ENDING = [
  'NotAuthorizedException',
  'PasswordResetRequiredException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

const RULES: Rule[] = [
  {
    name: 'InvalidParameterException',
    in: ['devices'],
    kind: 'other',
    message: text(COGNITO_MSG.deviceTrackingOff),
  },
  {
    name: 'ResourceNotFoundException',
    in: ['devices'],
    kind: 'other',
    message: text(COGNITO_MSG.deviceGone),
  },
  ...SESSION_ENDING.map((name): Rule => ({
    name,
    in: ['refresh', 'confirmSession'],
    kind: 'session-invalid',
    message: ({ raw }) => ({ text: raw || APP_MSG.notAuthenticated }),
  })),
  {
    name: 'NotAuthorizedException',
    when: /access token/i,
    kind: 'session-invalid',
    message: text(APP_MSG.notAuthenticated),
  },
  {
    name: 'UsernameExistsException',
    kind: 'exists',
    message: () => ({
      text: COGNITO_MSG.accountExists,
      link: { label: 'log in', href: '/login' },
    }),
  },
  {
    name: 'UserNotConfirmedException',
    in: ['signIn', 'forgotPassword'],
    kind: 'unconfirmed',
    message: () => ({
      text: COGNITO_MSG.unconfirmed,
      link: { label: 'Click here', href: '/verify-email' },
    }),
  },
  {
    name: 'NotAuthorizedException',
    when: LOCKED_OUT,
    kind: 'locked',
    message: text(COGNITO_MSG.lockedOut),
  },
  {
    name: 'LimitExceededException',
    in: CODE_REQUESTS,
    kind: 'other',
    message: text(COGNITO_MSG.tooManyCodes),
  },
  {
    name: 'LimitExceededException',
    kind: 'other',
    message: text(COGNITO_MSG.tooManyAttempts),
  },
  {
    name: 'PasswordHistoryPolicyViolationException',
    kind: 'other',
    message: text(COGNITO_MSG.passwordUsedRecently),
  },
  {
    name: 'WebAuthnNotEnabledException',
    kind: 'other',
    message: text(COGNITO_MSG.passkeysOff),
  },
  {
    name: 'WebAuthnChallengeNotFoundException',
    kind: 'other',
    message: text(COGNITO_MSG.passkeyTooSlow),
  },
  ...['WebAuthnRelyingPartyMismatchException', 'WebAuthnOriginNotAllowedException'].map(
    (name): Rule => ({
      name,
      kind: 'other',
      message: text(COGNITO_MSG.passkeyOtherSite),
    }),
  ),
  {
    name: 'WebAuthnClientMismatchException',
    kind: 'other',
    message: text(COGNITO_MSG.passkeyOtherApp),
  },
  {
    name: 'WebAuthnCredentialNotSupportedException',
    kind: 'other',
    message: text(COGNITO_MSG.passkeyUnsupported),
  },
  {
    // Cognito's request-rate quota, after the SDK's retries (docs/product.md §9.3).
    name: 'TooManyRequestsException',
    kind: 'unavailable',
    message: text(COGNITO_MSG.busy),
  },
  {
    name: 'NotAuthorizedException',
    when: INCORRECT,
    in: ['signIn'],
    kind: 'other',
    message: text(COGNITO_MSG.wrongPassword),
  },
  {
    name: 'NotAuthorizedException',
    when: INCORRECT,
    in: ['changePassword'],
    kind: 'wrong-password',
    message: text(COGNITO_MSG.wrongCurrentPassword),
  },
  {
    name: 'NotAuthorizedException',
    when: /session/i,
    in: ['mfa', 'mfaSent', 'mfaSetup', 'newPassword', 'emailCodeSignIn', 'passkeySignIn'],
    kind: 'challenge-expired',
    message: text(APP_MSG.signInExpired),
  },
  {
    name: 'CodeMismatchException',
    in: ['confirmSignUp', 'verifyEmail', 'emailCodeSignIn'],
    kind: 'code-mismatch',
    message: text(COGNITO_MSG.emailedCodeMismatch),
  },
  {
    name: 'CodeMismatchException',
    in: ['verifyPhone', 'mfaSent'],
    kind: 'code-mismatch',
    message: text(COGNITO_MSG.sentCodeMismatch),
  },
  {
    name: 'NotAuthorizedException',
    when: INCORRECT,
    in: ['reauth'],
    kind: 'wrong-password',
    message: text(COGNITO_MSG.wrongCurrentPassword),
  },
  {
    name: 'CodeMismatchException',
    kind: 'code-mismatch',
    message: text(COGNITO_MSG.invalidCode),
  },
  // What VerifySoftwareToken answers for a wrong authenticator code ("Code mismatch").
  {
    name: 'EnableSoftwareTokenMFAException',
    kind: 'code-mismatch',
    message: text(COGNITO_MSG.invalidCode),
  },
  // An authenticator code used once already in its 30-second window: the next one will do.
  {
    name: 'ExpiredCodeException',
    when: /already been used/i,
    kind: 'code-mismatch',
    message: text(COGNITO_MSG.codeReused),
  },
  {
    name: 'ExpiredCodeException',
    kind: 'expired-code',
    message: () => ({
      text: COGNITO_MSG.codeExpired,
      link: { label: 'Resend Code', action: 'resend' },
    }),
  },
  {
    name: 'UserNotFoundException',
    kind: 'user-not-found',
    message: text(APP_MSG.noAccount),
  },
  // What was asked for decides: the wording of these refusals is not Cognito's documented one.
  {
    name: 'InvalidParameterException',
    in: ['textCodesOn'],
    kind: 'other',
    message: text(FLOW_MSG.phoneFirst),
  },
  {
    name: 'InvalidParameterException',
    in: ['emailCodesOn'],
    kind: 'other',
    message: text(COGNITO_MSG.emailCodesOff),
  },
  {
    name: 'InvalidParameterException',
    in: ['mfaMethodOff'],
    kind: 'other',
    message: text(COGNITO_MSG.twoStepRequired),
  },
  {
    name: 'InvalidParameterException',
    in: ['forgotPassword'],
    kind: 'other',
    message: ({ support }) => ({
      text: COGNITO_MSG.noActiveAccount,
      link: { label: 'email us', href: `mailto:${support}` },
    }),
  },
];

const UNAVAILABLE = new Set([
  'TimeoutError',
  'AbortError',
  'NetworkingError',
  'RequestTimeout',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'InternalErrorException',
  'InternalServerException',
  'ServiceUnavailable',
  'UpstreamRefused',
  'TooManyRequestsException',
]);

/** docs/product.md §8.6. */
export function emailForUsername(raw: string): string {
  return raw.replace(/\busername\b/gi, (w) => (w[0] === 'U' ? 'Email' : 'email'));
}

function describe(error: unknown): {
  name: string;
  raw: string;
  fault?: 'client' | 'server';
  status?: number;
} {
  if (error && typeof error === 'object') {
    const e = error as {
      name?: unknown;
      message?: unknown;
      code?: unknown;
      $fault?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    const name =
      typeof e.code === 'string' && UNAVAILABLE.has(e.code)
        ? e.code
        : typeof e.name === 'string'
          ? e.name
          : 'Error';
    return {
      name,
      raw: typeof e.message === 'string' ? e.message : '',
      fault: e.$fault === 'client' || e.$fault === 'server' ? e.$fault : undefined,
      status: e.$metadata?.httpStatusCode,
    };
  }
  return { name: 'Error', raw: typeof error === 'string' ? error : '' };
}

export function toAuthFailure(
  error: unknown,
  context: AuthContext,
  supportEmail: string,
): AuthFailure {
  const { name, raw, fault, status } = describe(error);
  const rule = RULES.find(
    (r) => r.name === name && (!r.in || r.in.includes(context)) && (!r.when || r.when.test(raw)),
  );
  if (rule)
    return {
      kind: rule.kind,
      name,
      message: rule.message({ support: supportEmail, raw: emailForUsername(raw) }),
    };

  if (UNAVAILABLE.has(name) || fault === 'server' || (status !== undefined && status >= 500)) {
    return { kind: 'unavailable', name, message: { text: APP_MSG.networkError } };
  }
  if (fault === 'client' && raw)
    return { kind: 'other', name, message: { text: emailForUsername(raw) } };
  // Anything else is our fault: never show internals.
  return { kind: 'other', name, message: { text: APP_MSG.systemError } };
}
