import { emailForUsername, toAuthFailure, type AuthContext } from './errors';

/** What the SDK throws: a named error with Cognito's message and a fault side. */
function cognitoError(name: string, message: string, status = 400) {
  return Object.assign(new Error(message), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });
}

const SUPPORT = 'help@creators.example';
const map = (name: string, message: string, context: AuthContext) =>
  toAuthFailure(cognitoError(name, message), context, SUPPORT);

describe('the Cognito error table (docs/product.md §8)', () => {
  it.each<[string, string, AuthContext, string, string | undefined]>([
    [
      'UsernameExistsException',
      'An account with the given email already exists.',
      'signUp',
      'Looks like you already have an account. Please log in.',
      '/login',
    ],
    [
      'UserNotConfirmedException',
      'User is not confirmed.',
      'signIn',
      'Your account has not been confirmed yet. Click here to verify your email.',
      '/verify-email',
    ],
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'signIn',
      'Email or password is incorrect.',
      undefined,
    ],
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'changePassword',
      'Incorrect old password',
      undefined,
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      'confirmSignUp',
      'Code entered does not match what was emailed. Try again.',
      undefined,
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      'verifyEmail',
      'Code entered does not match what was emailed. Try again.',
      undefined,
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      'verifyPhone',
      'Code entered does not match what was sent. Try again.',
      undefined,
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
      'confirmForgotPassword',
      'Invalid verification code.',
      undefined,
    ],
    [
      'UserNotFoundException',
      'User does not exist.',
      'getUser',
      'No account found with this username.',
      undefined,
    ],
    [
      'InvalidParameterException',
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
      'forgotPassword',
      "We couldn't find an active account associated with that email. If you need help, just email us.",
      `mailto:${SUPPORT}`,
    ],
  ])('%s (%s) at %s', (name, raw, context, text, href) => {
    const { message } = map(name, raw, context);
    expect(message.text).toBe(text);
    expect(message.link && 'href' in message.link ? message.link.href : undefined).toBe(href);
    if (message.link) expect(message.text).toContain(message.link.label);
  });

  it('tells an authenticator code used once already from an expired one: wait for the next', () => {
    const f = map('ExpiredCodeException', 'Your software token has already been used once.', 'mfa');
    expect(f).toMatchObject({
      kind: 'code-mismatch',
      message: {
        text: 'That code was already used. Wait for the next one from your authenticator app.',
      },
    });
    expect(f.message.link).toBeUndefined();
  });

  it('says an emailed code was emailed, and an app code only that it is wrong', () => {
    const wrong = (context: Parameters<typeof map>[2]) =>
      map('CodeMismatchException', 'Invalid code received for user', context).message.text;
    for (const emailed of ['confirmSignUp', 'verifyEmail', 'emailCodeSignIn'] as const)
      expect(wrong(emailed)).toBe('Code entered does not match what was emailed. Try again.');
    expect(wrong('mfa')).toBe('Invalid verification code.');
  });

  it('offers to resend an expired code', () => {
    const f = map(
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      'confirmSignUp',
    );
    expect(f).toMatchObject({
      kind: 'expired-code',
      message: {
        text: 'Verification code expired. Resend Code.',
        link: { label: 'Resend Code', action: 'resend' },
      },
    });
  });

  it('tells a wrong password in a signed-in proof apart, for the password field', () => {
    expect(map('NotAuthorizedException', 'Incorrect username or password.', 'reauth')).toEqual({
      kind: 'wrong-password',
      name: 'NotAuthorizedException',
      message: { text: 'Incorrect old password' },
    });
    // One voice: the password change says it the same way, on the same field.
    expect(
      map('NotAuthorizedException', 'Incorrect username or password.', 'changePassword'),
    ).toEqual({
      kind: 'wrong-password',
      name: 'NotAuthorizedException',
      message: { text: 'Incorrect old password' },
    });
    expect(map('CodeMismatchException', 'Invalid code received for user', 'reauth')).toMatchObject({
      kind: 'code-mismatch',
      message: { text: 'Invalid verification code.' },
    });
  });

  it('ends the session on any not-authorised refresh answer', () => {
    for (const [name, raw] of [
      ['NotAuthorizedException', 'Refresh Token has been revoked'],
      ['NotAuthorizedException', 'User is disabled.'],
      ['UserNotFoundException', 'User does not exist.'],
      ['PasswordResetRequiredException', 'Password reset required for the user'],
    ] as const) {
      expect(map(name, raw, 'refresh').kind).toBe('session-invalid');
    }
  });

  it('ends the session with a readable message even when the answer has none', () => {
    for (const context of ['refresh', 'confirmSession'] as const) {
      const failure = toAuthFailure({ name: 'NotAuthorizedException' }, context, SUPPORT);
      expect(failure).toEqual({
        kind: 'session-invalid',
        name: 'NotAuthorizedException',
        message: { text: 'User is not authenticated' },
      });
    }
  });

  it('shows an unknown Cognito answer raw, with Username replaced by Email', () => {
    expect(map('UserNotFoundException', 'x', 'forgotPassword').message.text).toBe(
      'No account found with this username.',
    );
    expect(
      map(
        'InvalidPasswordException',
        'Password did not conform with policy: Password must have symbol characters',
        'signUp',
      ).message.text,
    ).toBe('Password did not conform with policy: Password must have symbol characters');
    expect(
      map('AliasExistsException', 'An account with the given email already exists.', 'signIn')
        .message.text,
    ).toBe('An account with the given email already exists.');
    expect(
      map('InvalidParameterException', 'Username should be an email.', 'signUp').message.text,
    ).toBe('Email should be an email.');
    expect(map('NotAuthorizedException', 'User is disabled.', 'signIn').message.text).toBe(
      'User is disabled.',
    );
  });

  it('reports transport trouble as a network error, never internals', () => {
    expect(
      toAuthFailure(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9229'), { code: 'ECONNREFUSED' }),
        'signIn',
        SUPPORT,
      ),
    ).toMatchObject({
      kind: 'unavailable',
      message: { text: 'Network Error' },
    });
    expect(
      toAuthFailure(
        Object.assign(new Error('timed out'), { name: 'TimeoutError' }),
        'signIn',
        SUPPORT,
      ).kind,
    ).toBe('unavailable');
    expect(map('InternalErrorException', 'boom', 'signIn').kind).toBe('unavailable');
    expect(toAuthFailure(cognitoError('SomethingNew', 'x', 503), 'signIn', SUPPORT).kind).toBe(
      'unavailable',
    );
  });

  describe("Cognito's own limits and pool rules, each in words of ours", () => {
    it.each<[string, string, AuthContext, string]>([
      [
        'LimitExceededException',
        'Attempt limit exceeded, please try after some time.',
        'forgotPassword',
        'You asked for several codes. Use the newest one we sent, or ask again in an hour.',
      ],
      [
        'LimitExceededException',
        'Attempt limit exceeded, please try after some time.',
        'resendSignUpCode',
        'You asked for several codes. Use the newest one we sent, or ask again in an hour.',
      ],
      [
        'LimitExceededException',
        'Attempt limit exceeded, please try after some time.',
        'sendCode',
        'You asked for several codes. Use the newest one we sent, or ask again in an hour.',
      ],
      [
        'LimitExceededException',
        'Attempt limit exceeded, please try after some time.',
        'verifyEmail',
        'Too many attempts. Please wait a few minutes and try again.',
      ],
      [
        'NotAuthorizedException',
        'Password attempts exceeded',
        'signIn',
        'Too many failed attempts. Please wait a few minutes and try again.',
      ],
      [
        'NotAuthorizedException',
        'Password attempts exceeded',
        'mfa',
        'Too many failed attempts. Please wait a few minutes and try again.',
      ],
      [
        'PasswordHistoryPolicyViolationException',
        'Password has previously been used',
        'changePassword',
        'You have used this password recently. Please choose a different one.',
      ],
      [
        'PasswordHistoryPolicyViolationException',
        'Password has previously been used',
        'confirmForgotPassword',
        'You have used this password recently. Please choose a different one.',
      ],
      [
        'PasswordHistoryPolicyViolationException',
        'Password has previously been used',
        'newPassword',
        'You have used this password recently. Please choose a different one.',
      ],
    ])('%s (%s) at %s', (name, raw, context, text) => {
      const failure = map(name, raw, context);
      expect(failure.message).toEqual({ text });
      // Cognito's lockout is a kind of its own: the emailed-code start keeps its words.
      expect(failure.kind).toBe(/attempts exceeded/.test(raw) ? 'locked' : 'other');
    });

    it.each<[string, string]>([
      [
        'WebAuthnNotEnabledException',
        "Passkeys aren't available for this account. Please sign in with your password.",
      ],
      ['WebAuthnChallengeNotFoundException', 'Adding the passkey took too long. Please try again.'],
      [
        'WebAuthnRelyingPartyMismatchException',
        "This passkey belongs to another site and can't be used here.",
      ],
      [
        'WebAuthnOriginNotAllowedException',
        "This passkey belongs to another site and can't be used here.",
      ],
      [
        'WebAuthnCredentialNotSupportedException',
        "This kind of passkey isn't supported. Try your device's built-in passkey or another security key.",
      ],
    ])('a passkey refusal: %s', (name, text) => {
      expect(map(name, 'whatever Cognito says', 'passkeys')).toEqual({
        kind: 'other',
        name,
        message: { text },
      });
    });

    it('too many emailed sign-in codes read like any code request', () => {
      expect(
        map(
          'LimitExceededException',
          'Attempt limit exceeded, please try after some time.',
          'passwordless',
        ).message.text,
      ).toMatch(/^You asked for several codes\. Use the newest one we sent/);
    });

    it('says the service is busy when Cognito throttles, and lets the caller offer a retry', () => {
      const failure = map('TooManyRequestsException', 'Too many requests', 'signIn');
      expect(failure).toEqual({
        kind: 'unavailable',
        name: 'TooManyRequestsException',
        message: { text: 'Our sign-in service is busy right now. Please try again in a moment.' },
      });
    });

    it('ends the session when a rotated-out refresh token comes back', () => {
      const failure = map('RefreshTokenReuseException', 'Refresh token has been reused', 'refresh');
      expect(failure.kind).toBe('session-invalid');
    });
  });

  it("reports spec §8's device-config message for InvalidParameterException from a device call", () => {
    expect(map('InvalidParameterException', 'Device tracking is not enabled', 'devices')).toEqual({
      kind: 'other',
      name: 'InvalidParameterException',
      message: { text: 'Device tracking has not been configured in this User Pool' },
    });
    // Elsewhere an InvalidParameterException keeps its own words.
    expect(
      map('InvalidParameterException', 'Missing required parameter X', 'signIn').message,
    ).toEqual({
      text: 'Missing required parameter X',
    });
    expect(
      map('ResourceNotFoundException', 'Device does not exist.', 'devices').message.text,
    ).toMatch(/no longer on your account/);
  });

  it('hides our own bugs behind the system error', () => {
    expect(
      toAuthFailure(
        new TypeError("Cannot read properties of undefined (reading 'x')"),
        'signIn',
        SUPPORT,
      ).message.text,
    ).toBe('System Error Occured');
    expect(toAuthFailure(undefined, 'signIn', SUPPORT).message.text).toBe('System Error Occured');
  });
});

describe('two-step codes sent by text message or email, and the methods on /profile', () => {
  it.each<[string, string, AuthContext, string, string]>([
    [
      'CodeMismatchException',
      'Invalid code received for user',
      'mfaSent',
      'code-mismatch',
      'Code entered does not match what was sent. Try again.',
    ],
    [
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
      'mfaSent',
      'challenge-expired',
      'Your sign-in took too long. Please sign in again.',
    ],
    // What the product asked for decides, not the pool's words (any wording answers the same).
    [
      'InvalidParameterException',
      'Some words the product never reads',
      'textCodesOn',
      'other',
      'Add and verify a phone number first to get codes by text message.',
    ],
    [
      'InvalidParameterException',
      'User does not have delivery config set to turn on SMS_MFA',
      'emailCodesOn',
      'other',
      "Email codes aren't available for this account.",
    ],
    [
      'InvalidParameterException',
      'Invalid parameter',
      'mfaMethodOff',
      'other',
      'Two-step verification is required for this account: keep at least one method on.',
    ],
  ])('%s (%s) in %s: %s', (name, raw, context, kind, text) => {
    const failure = map(name, raw, context);
    expect(failure.kind).toBe(kind);
    expect(failure.message.text).toBe(text);
  });
});

describe('emailForUsername', () => {
  it('replaces the word in either case and leaves the rest', () => {
    expect(emailForUsername('Username/client id combination not found.')).toBe(
      'Email/client id combination not found.',
    );
    expect(emailForUsername('Invalid username')).toBe('Invalid email');
    expect(emailForUsername('usernames')).toBe('usernames');
  });
});
