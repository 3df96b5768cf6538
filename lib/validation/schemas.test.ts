import { MSG } from '@/lib/messages/fields';
import {
  changePasswordSchema,
  verificationCodeField,
  forgotConfirmSchema,
  nameSchema,
  normalizeEmail,
  phoneSchema,
  signInSchema,
  signUpSchema,
  verificationCodeSchema,
} from './schemas';

const messages = (
  r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field?: string,
) =>
  (r.error?.issues ?? [])
    .filter((i) => field === undefined || i.path[0] === field)
    .map((i) => i.message);

describe('email', () => {
  it.each([
    ['a@b.co', 'a@b.co'],
    ['  Jane.Doe+yt@Mail.Example.COM ', 'jane.doe+yt@mail.example.com'],
    ['j_d%x-y@sub-domain.example.io', 'j_d%x-y@sub-domain.example.io'],
  ])('accepts %p as %p', (input, out) => {
    const r = signInSchema.safeParse({ email: input, password: 'x' });
    expect(r.success && r.data.email).toBe(out);
  });

  it.each([
    '1abc@site.com',
    '.abc@site.com',
    'abc@site',
    'abc@site.c',
    'abc@@site.com',
    'abc site@x.com',
    'abc@-site.com',
    'abc@site.c0m',
    `${'a'.repeat(250)}@x.com`,
  ])('rejects %p', (input) => {
    expect(messages(signInSchema.safeParse({ email: input, password: 'x' }), 'email')).toEqual([
      MSG.emailInvalid,
    ]);
  });

  it('requires it', () => {
    expect(messages(signInSchema.safeParse({ email: '   ', password: 'x' }), 'email')).toEqual([
      MSG.emailRequired,
    ]);
    expect(messages(signInSchema.safeParse({ password: 'x' }), 'email')).toEqual([
      MSG.emailRequired,
    ]);
  });

  it('normalises', () => {
    expect(normalizeEmail('  A@B.Co ')).toBe('a@b.co');
  });
});

describe('passwords', () => {
  it('sign-in only needs a non-empty password', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(messages(signInSchema.safeParse({ email: 'a@b.co', password: '' }), 'password')).toEqual(
      [MSG.passwordRequired],
    );
  });

  it('sign-up reports every unmet rule at once, in the order docs/product.md gives', () => {
    const r = signUpSchema.safeParse({ email: 'a@b.co', password: '!', verifyPassword: '!' });
    expect(messages(r, 'password')).toEqual([
      MSG.passwordUpper,
      MSG.passwordLower,
      MSG.passwordNumber,
      MSG.passwordLength,
    ]);
    expect(
      messages(
        signUpSchema.safeParse({
          email: 'a@b.co',
          password: 'abcdefgh',
          verifyPassword: 'abcdefgh',
        }),
        'password',
      ),
    ).toEqual([MSG.passwordUpper, MSG.passwordNumber, MSG.passwordSpecial]);
  });

  it('sign-up needs matching, present confirmation', () => {
    expect(
      messages(
        signUpSchema.safeParse({ email: 'a@b.co', password: 'Abcdef1!', verifyPassword: '' }),
        'verifyPassword',
      ),
    ).toEqual([MSG.verifyPasswordRequired]);
    expect(
      messages(
        signUpSchema.safeParse({
          email: 'a@b.co',
          password: 'Abcdef1!',
          verifyPassword: 'Abcdef1?',
        }),
        'verifyPassword',
      ),
    ).toEqual([MSG.passwordsMustMatch]);
    expect(
      signUpSchema.safeParse({ email: 'a@b.co', password: 'Abcdef1!', verifyPassword: 'Abcdef1!' })
        .success,
    ).toBe(true);
  });

  it('every field error is reported together', () => {
    const r = signUpSchema.safeParse({ email: '', password: '', verifyPassword: '' });
    expect(messages(r)).toEqual([
      MSG.emailRequired,
      MSG.passwordRequired,
      MSG.verifyPasswordRequired,
    ]);
  });

  it('change password: required fields, rules, different from current, confirmation', () => {
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: '',
          newPassword: '',
          confirmNewPassword: '',
        }),
      ),
    ).toEqual([
      MSG.currentPasswordRequired,
      MSG.newPasswordRequired,
      MSG.confirmNewPasswordRequired,
    ]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'Same!Pass1',
          newPassword: 'Same!Pass1',
          confirmNewPassword: 'Same!Pass1',
        }),
      ),
    ).toEqual([MSG.newPasswordSame]);
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'Old!Pass1',
          newPassword: 'New!Pass1',
          confirmNewPassword: 'New!Pass2',
        }),
      ),
    ).toEqual([MSG.passwordsMustMatch]);
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'Old!Pass1',
        newPassword: 'New!Pass1',
        confirmNewPassword: 'New!Pass1',
      }).success,
    ).toBe(true);
  });

  it('forgot-password confirmation uses the same rules', () => {
    const r = forgotConfirmSchema.safeParse({
      email: 'a@b.co',
      verificationCode: ['1', '2'],
      newPassword: 'short',
      confirmNewPassword: '',
    });
    expect(messages(r, 'verificationCode')).toEqual([MSG.codeLength]);
    expect(messages(r, 'newPassword')).toContain(MSG.passwordLength);
    expect(messages(r, 'confirmNewPassword')).toEqual([MSG.confirmNewPasswordRequired]);
  });
});

describe('verification code', () => {
  it.each([
    [['1', '2', '3', '4', '5', '6'], '123456'],
    [['0', '0', '0', '0', '0', '0'], '000000'],
  ])('joins %p', (digits, code) => {
    const r = verificationCodeSchema.safeParse({ code: digits });
    expect(r.success && r.data.code).toBe(code);
  });

  it.each([
    [[], MSG.codeEnter],
    [['', '', '', '', '', ''], MSG.codeEnter],
    [['1', '2', '3'], MSG.codeLength],
    [['1', '2', '3', '4', '5', '6', '7'], MSG.codeLength],
    [['1', 'a', '3', '4', '5', '6'], MSG.codeDigitsOnly],
  ])('rejects %p with %p', (digits, message) => {
    expect(messages(verificationCodeField.safeParse(digits))[0]).toBe(message);
  });

  it('rejects a missing code', () => {
    expect(messages(verificationCodeSchema.safeParse({}))).toEqual([MSG.codeEnter]);
  });
});

describe('name', () => {
  it.each([
    ['  Jane   Doe ', 'Jane Doe'],
    ["Mary-Jane O'Neil", "Mary-Jane O'Neil"],
    ['J. R. Tolkien', 'J. R. Tolkien'],
    ['Élodie', 'Élodie'],
  ])('accepts %p', (input, out) => {
    const r = nameSchema.safeParse({ name: input });
    expect(r.success && r.data.name).toBe(out);
  });
  it.each([
    ['', MSG.nameRequired],
    ['   ', MSG.nameRequired],
    ['J', MSG.nameLength],
    ['Jane2', MSG.nameInvalid],
    ['Jane--Doe', MSG.nameInvalid],
    ['<script>', MSG.nameInvalid],
    ['A'.repeat(101), MSG.nameTooLong],
  ])('rejects %p', (input, message) => {
    expect(messages(nameSchema.safeParse({ name: input }))).toEqual([message]);
  });
});

describe('phone', () => {
  it.each([
    ['+15551234567', '+15551234567'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['15551234567', '+15551234567'],
  ])('accepts %p as %p', (input, out) => {
    const r = phoneSchema.safeParse({ phoneNo: input });
    expect(r.success && r.data.phoneNo).toBe(out);
  });
  it.each([
    ['', MSG.phoneRequired],
    ['+1', MSG.phoneRequired],
    ['+1555123456', MSG.phoneInvalid],
    ['+155512345678', MSG.phoneInvalid],
    ['+25551234567', MSG.phoneInvalid],
    ['+10551234567', MSG.phoneInvalid],
    ['+1555abc4567', MSG.phoneInvalid],
  ])('rejects %p', (input, message) => {
    expect(messages(phoneSchema.safeParse({ phoneNo: input }))).toEqual([message]);
  });
});
