import * as z from 'zod/mini';
import { failureState, fieldsOf } from '@/lib/actions';
import { toAuthFailure, type AuthContext } from '@/lib/cognito/errors';
import { authenticatorCodeSchema } from '@/lib/validation/authenticator';
import {
  changeEmailProofSchema,
  changePhoneProofSchema,
  proofSchema,
  authenticatorTurnOffSchema,
} from '@/lib/validation/proof';
import {
  changePasswordSchema,
  forgotConfirmSchema,
  newPasswordChallengeSchema,
  signUpSchema,
  verificationCodeSchema,
  verifyEmailChangeSchema,
} from '@/lib/validation/schemas';

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

describe('fieldsOf: a form’s fields are its schema’s', () => {
  it.each<[string, z.ZodMiniType, string[]]>([
    ['a plain object', verificationCodeSchema, ['code']],
    ['the authenticator code', authenticatorCodeSchema, ['code']],
    ['an object with refinements', signUpSchema, ['email', 'password', 'verifyPassword']],
    [
      'two refinements',
      changePasswordSchema,
      ['currentPassword', 'newPassword', 'confirmNewPassword'],
    ],
    [
      'a refined reset form',
      forgotConfirmSchema,
      ['email', 'verificationCode', 'newPassword', 'confirmNewPassword'],
    ],
    ['the first password', newPasswordChallengeSchema, ['newPassword', 'confirmNewPassword']],
    ['a verify step', verifyEmailChangeSchema, ['email', 'code']],
    ['the proof', proofSchema(false), ['currentPassword', 'code']],
    ['turning two-step off', authenticatorTurnOffSchema, ['currentPassword', 'code']],
    ['a spread of shapes', changeEmailProofSchema(false), ['email', 'currentPassword', 'code']],
    ['the phone change', changePhoneProofSchema(true), ['phoneNo', 'currentPassword', 'code']],
  ])('%s', (_what, schema, fields) => {
    expect(fieldsOf(schema)).toEqual(fields);
  });

  it('reads through pipes and wrappers around the object', () => {
    const object = z.object({ a: z.string(), b: z.string() });
    const piped = z.pipe(
      object,
      z.transform((v: { a: string; b: string }) => v.a + v.b),
    );
    expect(fieldsOf(piped)).toEqual(['a', 'b']);
    expect(fieldsOf(z.optional(piped))).toEqual(['a', 'b']);
    expect(fieldsOf(z.pipe(piped, z.string()))).toEqual(['a', 'b']);
  });

  it('refuses a schema that is not a form', () => {
    expect(() => fieldsOf(z.string())).toThrow('not a form schema');
    expect(() => fieldsOf(z.array(z.string()))).toThrow('not a form schema');
  });
});

/** The failure the real error table gives for what the SDK would throw. */
function failure(name: string, message: string, context: AuthContext, status = 400) {
  const error = Object.assign(new Error(message), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status },
  });
  return toAuthFailure(error, context, 'help@creators.example');
}

describe('failureState: one reading of an identity-service failure as a form’s answer', () => {
  const values = { email: 'dana@creator.test' };
  const data = { step: 'verify' };

  it.each<[AuthContext, string]>([
    ['confirmSignUp', 'Code entered does not match what was emailed. Try again.'],
    ['verifyEmail', 'Code entered does not match what was emailed. Try again.'],
    ['verifyPhone', 'Code entered does not match what was sent. Try again.'],
    ['confirmForgotPassword', 'Invalid verification code.'],
    ['mfa', 'Invalid verification code.'],
  ])('a wrong code (%s) goes under the code boxes', (context, text) => {
    const mismatch = failure('CodeMismatchException', 'Invalid code provided.', context);
    expect(failureState<'email' | 'code'>(mismatch, { codeField: 'code', values, data })).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text }] },
      values,
      data,
    });
    expect(failureState(mismatch, { codeField: 'verificationCode' })).toEqual({
      status: 'error',
      fieldErrors: { verificationCode: [{ text }] },
    });
  });

  it('a wrong authenticator code while setting up goes under the boxes too', () => {
    const mismatch = failure('EnableSoftwareTokenMFAException', 'Code mismatch', 'mfaSetup');
    expect(failureState(mismatch, { codeField: 'code' })).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text: 'Invalid verification code.' }] },
    });
  });

  it('a wrong code on a form without boxes is the form’s message', () => {
    const mismatch = failure('CodeMismatchException', 'Invalid code provided.', 'verifyEmail');
    expect(failureState(mismatch)).toEqual({
      status: 'error',
      message: { text: 'Code entered does not match what was emailed. Try again.' },
    });
  });

  it('a failed password proof goes under the password field, when the form has one', () => {
    const wrong = failure('NotAuthorizedException', 'Incorrect username or password.', 'reauth');
    expect(failureState(wrong, { passwordField: 'currentPassword', codeField: 'code' })).toEqual({
      status: 'error',
      fieldErrors: { currentPassword: [{ text: 'Incorrect old password' }] },
    });
    expect(failureState(wrong)).toEqual({
      status: 'error',
      message: { text: 'Incorrect old password' },
    });
  });

  it('an expired code is the form’s message, with its Resend Code link', () => {
    const expired = failure('ExpiredCodeException', 'Invalid code provided.', 'verifyEmail');
    expect(failureState<'email' | 'code'>(expired, { codeField: 'code', values })).toEqual({
      status: 'error',
      message: {
        text: 'Verification code expired. Resend Code.',
        link: { label: 'Resend Code', action: 'resend' },
      },
      values,
    });
  });

  it("Cognito's limit reads in words of ours, as the form's message, not under the code", () => {
    const limit = failure(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      'verifyPhone',
    );
    expect(failureState(limit, { codeField: 'code' })).toEqual({
      status: 'error',
      message: { text: 'Too many attempts. Please wait a few minutes and try again.' },
    });
  });

  it('a refusal without words of ours reads as the service says (docs/product.md §8.6)', () => {
    const refusal = failure(
      'AliasExistsException',
      'An account with the given email already exists.',
      'updateAttributes',
    );
    expect(failureState(refusal, { codeField: 'code' })).toEqual({
      status: 'error',
      message: { text: 'An account with the given email already exists.' },
    });
  });

  it('the service down reads Network Error', () => {
    const down = failure('InternalErrorException', 'boom', 'updateAttributes', 500);
    expect(failureState(down, { values })).toEqual({
      status: 'error',
      message: { text: 'Network Error' },
      values,
    });
  });

  it('an ended session sends the page to /login (docs/product.md §8.4)', () => {
    const ended = failure(
      'NotAuthorizedException',
      'Access Token has been revoked',
      'updateAttributes',
    );
    expect(failureState(ended, { codeField: 'code', data })).toEqual({
      status: 'error',
      message: { text: 'User is not authenticated' },
      unauthenticated: true,
      data,
    });
  });

  it('an account that is gone signs a signed-in person out; elsewhere it is a message', () => {
    const gone = failure('UserNotFoundException', 'User does not exist.', 'updateAttributes');
    expect(failureState(gone, { signOutIfGone: true, values, data })).toEqual({
      status: 'error',
      message: { text: 'No account found with this username.' },
      values,
      data: { step: 'verify', signOut: 'user-not-found' },
    });
    const unknown = failure('UserNotFoundException', 'User does not exist.', 'forgotPassword');
    expect(failureState(unknown, { values })).toEqual({
      status: 'error',
      message: { text: 'No account found with this username.' },
      values,
    });
  });
});
