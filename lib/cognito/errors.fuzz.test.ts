import fc from 'fast-check';
import { APP_MSG } from '@/lib/messages';
import { emailForUsername, toAuthFailure, type AuthContext, type AuthFailure } from './errors';

/**
 * The one table from Cognito failures to messages, fed anything a call can throw: SDK service
 * exceptions, transport errors, plain Errors, strings, null. It never throws, always answers a
 * message, and never shows internals of our own failures.
 */

const RUNS = 1000;
const CONTEXTS: AuthContext[] = [
  'signIn',
  'signUp',
  'confirmSignUp',
  'resendSignUpCode',
  'forgotPassword',
  'confirmForgotPassword',
  'changePassword',
  'verifyEmail',
  'verifyPhone',
  'updateAttributes',
  'refresh',
  'signOut',
  'getUser',
  'mfa',
  'newPassword',
  'confirmSession',
];
// Every kind there is, by the type: a kind added to AuthFailure and missing here does not compile.
const KINDS = Object.keys({
  unconfirmed: true,
  'expired-code': true,
  'code-mismatch': true,
  'wrong-password': true,
  'user-not-found': true,
  'session-invalid': true,
  exists: true,
  'challenge-expired': true,
  unavailable: true,
  locked: true,
  other: true,
} satisfies Record<AuthFailure['kind'], true>);
const NAMES = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'UsernameExistsException',
  'InvalidParameterException',
  'InvalidPasswordException',
  'LimitExceededException',
  'TooManyRequestsException',
  'InternalErrorException',
  'TimeoutError',
  'TypeError',
  'Error',
];

/** What the SDK throws (a ServiceException) and what else can come out of a call. */
const thrown = fc.oneof(
  fc.record(
    {
      name: fc.oneof(fc.constantFrom(...NAMES), fc.string()),
      message: fc.oneof(
        fc.string(),
        fc.constantFrom(
          'Incorrect username or password.',
          'Username/client id combination not found.',
        ),
      ),
      code: fc.oneof(fc.constantFrom('ECONNREFUSED', 'ETIMEDOUT'), fc.string()),
      $fault: fc.constantFrom('client', 'server', 'other'),
      $metadata: fc.record(
        { httpStatusCode: fc.integer({ min: 100, max: 599 }) },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  fc.string().map((m) => new Error(m)),
  fc.string().map((m) => new TypeError(`Cannot read properties of undefined (reading '${m}')`)),
  fc.anything(),
);

describe('toAuthFailure', () => {
  it('answers a kind and a non-empty message for anything thrown', () => {
    fc.assert(
      fc.property(thrown, fc.constantFrom(...CONTEXTS), (error, context) => {
        const failure = toAuthFailure(error, context, 'support@creator.test');
        expect(KINDS).toContain(failure.kind);
        expect(typeof failure.name).toBe('string');
        expect(typeof failure.message.text).toBe('string');
        expect(failure.message.text.length).toBeGreaterThan(0);
        expect(JSON.parse(JSON.stringify(failure.message))).toEqual(failure.message);
      }),
      { numRuns: RUNS },
    );
  });

  it('never shows the text of our own errors (no $fault: a bug or a transport failure)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 1 }).map((m) => new Error(`secret ${m}`)),
          fc.string({ minLength: 1 }).map((m) => new TypeError(`secret ${m}`)),
        ),
        fc.constantFrom(...CONTEXTS),
        (error, context) => {
          const failure = toAuthFailure(error, context, 'support@creator.test');
          expect(failure.message.text).not.toContain('secret');
          expect([APP_MSG.systemError, APP_MSG.networkError]).toContain(failure.message.text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('maps every server-side fault to the network message, worth a retry', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...CONTEXTS), (message, context) => {
        const failure = toAuthFailure(
          { name: 'SomethingNew', message, $fault: 'server', $metadata: { httpStatusCode: 500 } },
          context,
          's@x.co',
        );
        expect(failure).toEqual({
          kind: 'unavailable',
          name: 'SomethingNew',
          message: { text: APP_MSG.networkError },
        });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('emailForUsername', () => {
  it('leaves no standalone "username" in any message, and changes nothing else', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom('Username', 'username', 'USERNAME', 'Email', ' ', '.'),
            fc.string({ maxLength: 6 }),
          ),
        ),
        (parts) => {
          const raw = parts.join('');
          const out = emailForUsername(raw);
          expect(out).not.toMatch(/\busername\b/i);
          expect(out.replace(/\bemail\b/gi, '\0')).toBe(
            raw.replace(/\b(username|email)\b/gi, '\0'),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });
});
